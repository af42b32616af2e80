/**
 * The operationId of every operation in openapi.yaml, by method and path. The SDKs name their
 * methods after these (camelCase in TypeScript, snake_case in Python, PascalCase in Go), so they
 * are part of the public API: renaming one is a breaking change. Rendering the document fails for
 * an operation missing here, so a new route cannot ship without one.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  "GET /healthz": "health",
  "GET /readyz": "readiness",
  "GET /v1/whoami": "whoami",
  "GET /v1/usage": "getUsage",
  "GET /v1/workflows": "listWorkflows",
  "POST /v1/workflows": "createWorkflow",
  "GET /v1/workflows/{id}": "getWorkflow",
  "PUT /v1/workflows/{id}": "updateWorkflow",
  "PATCH /v1/workflows/{id}": "patchWorkflow",
  "DELETE /v1/workflows/{id}": "deleteWorkflow",
  "POST /v1/workflows/{id}/execute": "executeWorkflow",
  "GET /v1/workflows/{id}/executions": "listExecutions",
  "GET /v1/executions": "listAccountExecutions",
  "GET /v1/executions/{id}": "getExecution",
  "POST /v1/executions/{id}/cancel": "cancelExecution",
  "POST /v1/executions/{id}/rerun": "rerunExecution",
  "GET /v1/webhook-endpoints": "listWebhookEndpoints",
  "POST /v1/webhook-endpoints": "createWebhookEndpoint",
  "GET /v1/webhook-endpoints/{id}": "getWebhookEndpoint",
  "PATCH /v1/webhook-endpoints/{id}": "updateWebhookEndpoint",
  "DELETE /v1/webhook-endpoints/{id}": "deleteWebhookEndpoint",
  "POST /v1/webhook-endpoints/{id}/rotate-secret": "rotateWebhookSecret",
  "GET /v1/webhook-endpoints/{id}/deliveries": "listWebhookDeliveries",
  "POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/replay": "replayWebhookDelivery",
  "POST /v1/webhook-endpoints/{id}/test": "sendTestWebhook",
  "POST /v1/webhook-endpoints/{id}/recover": "recoverWebhookDeliveries",
  "POST /v1/datasets": "uploadDataset",
  "GET /v1/datasets": "listDatasets",
  "GET /v1/datasets/{id}": "getDataset",
  "DELETE /v1/datasets/{id}": "deleteDataset",
  "POST /v1/data/analyze": "analyze",
  "POST /v1/data/clean": "clean",
  "GET /v1/analyses/{id}": "getAnalysis",
  "POST /v1/streams/{name}/events": "sendStreamEvents",
  "GET /v1/streams": "listStreams",
  "GET /v1/streams/{name}": "getStream",
  "DELETE /v1/streams/{name}": "deleteStream",
  "GET /v1/streams/{name}/live": "followStream",
  "POST /hooks/{workflow_id}/{secret}": "triggerWebhookWorkflow",
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Sets each operation's operationId from OPERATION_IDS; throws for an operation without one. */
export function assignOperationIds(paths: object): void {
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object") continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method) || !operation || typeof operation !== "object") continue;
      const id = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
      if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId in gateway/openapi-operation-ids.ts`);
      (operation as { operationId?: string }).operationId = id;
    }
  }
}
