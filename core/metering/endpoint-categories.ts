/** The `api_usage.endpoint` category of a request path (DESIGN.md section 4). */
export const ENDPOINT_CATEGORIES = ["/api/data-processing", "/api/analytics", "/api/webhooks", "/api/general"] as const;
export type EndpointCategory = (typeof ENDPOINT_CATEGORIES)[number];

const RULES: Array<[RegExp, EndpointCategory]> = [
  [/^\/v1\/(workflows|executions|datasets|data\/clean)(\/|$)/, "/api/data-processing"],
  [/^\/v1\/(data\/analyze|analyses|streams)(\/|$)/, "/api/analytics"],
  [/^\/(v1\/webhook-endpoints|hooks)(\/|$)/, "/api/webhooks"],
];

export function endpointCategory(path: string): EndpointCategory {
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? "/api/general";
}
