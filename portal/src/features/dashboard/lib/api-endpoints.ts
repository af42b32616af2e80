/** The /v1 operations the overview's Endpoints tab lists; each is checked against openapi.yaml by a test. */
export interface ApiEndpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** The operation's summary in openapi.yaml. */
  summary: string;
}

export interface ApiEndpointGroup {
  title: string;
  endpoints: readonly ApiEndpoint[];
}

export const API_ENDPOINT_GROUPS: readonly ApiEndpointGroup[] = [
  {
    title: "Account",
    endpoints: [
      { method: "GET", path: "/v1/whoami", summary: "The key making the request and its account" },
      { method: "GET", path: "/v1/usage", summary: "This month's usage against the quota" },
    ],
  },
  {
    title: "Workflows and executions",
    endpoints: [
      { method: "GET", path: "/v1/workflows", summary: "List workflows" },
      { method: "POST", path: "/v1/workflows", summary: "Create a workflow" },
      { method: "GET", path: "/v1/workflows/{id}", summary: "Get a workflow" },
      { method: "PUT", path: "/v1/workflows/{id}", summary: "Update a workflow" },
      { method: "DELETE", path: "/v1/workflows/{id}", summary: "Delete a workflow" },
      { method: "POST", path: "/v1/workflows/{id}/execute", summary: "Execute a workflow now" },
      { method: "GET", path: "/v1/executions", summary: "List executions across workflows" },
      { method: "GET", path: "/v1/executions/{id}", summary: "Get an execution" },
    ],
  },
  {
    title: "Data and analytics",
    endpoints: [
      { method: "POST", path: "/v1/datasets", summary: "Upload a dataset" },
      { method: "POST", path: "/v1/data/analyze", summary: "Analyse a dataset" },
      { method: "POST", path: "/v1/data/clean", summary: "Clean a dataset" },
      { method: "GET", path: "/v1/analyses/{id}", summary: "Get an analysis" },
    ],
  },
  {
    title: "Webhooks",
    endpoints: [
      { method: "GET", path: "/v1/webhook-endpoints", summary: "List webhook endpoints" },
      { method: "POST", path: "/v1/webhook-endpoints", summary: "Create a webhook endpoint" },
      { method: "GET", path: "/v1/webhook-endpoints/{id}/deliveries", summary: "List an endpoint's deliveries" },
    ],
  },
];
