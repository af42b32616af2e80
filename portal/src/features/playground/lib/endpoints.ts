import type { HttpMethod } from "../../../lib/api-client";

/** The five workflow endpoints of the public API the playground can call (SPEC section 2). */
export const ENDPOINT_IDS = ["list", "create", "get", "update", "delete"] as const;
export type EndpointId = (typeof ENDPOINT_IDS)[number];

export interface PlaygroundEndpoint {
  id: EndpointId;
  method: Extract<HttpMethod, "GET" | "POST" | "PUT" | "DELETE">;
  /** As the API reference spells it; `{id}` is replaced by the workflow id. */
  path: "/v1/workflows" | "/v1/workflows/{id}";
  label: string;
  /** The request names one workflow by id. */
  needsId: boolean;
  /** The request carries a JSON body (POST and PUT). */
  hasBody: boolean;
}

export const ENDPOINTS: Record<EndpointId, PlaygroundEndpoint> = {
  list: { id: "list", method: "GET", path: "/v1/workflows", label: "List workflows", needsId: false, hasBody: false },
  create: { id: "create", method: "POST", path: "/v1/workflows", label: "Create workflow", needsId: false, hasBody: true },
  get: { id: "get", method: "GET", path: "/v1/workflows/{id}", label: "Get workflow", needsId: true, hasBody: false },
  update: { id: "update", method: "PUT", path: "/v1/workflows/{id}", label: "Update workflow", needsId: true, hasBody: true },
  delete: { id: "delete", method: "DELETE", path: "/v1/workflows/{id}", label: "Delete workflow", needsId: true, hasBody: false },
};

/** Endpoints whose request has a body; their body boxes keep separate texts. */
export type BodyEndpointId = "create" | "update";

export function isBodyEndpoint(id: EndpointId): id is BodyEndpointId {
  return ENDPOINTS[id].hasBody;
}
