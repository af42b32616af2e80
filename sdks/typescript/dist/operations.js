/** Every /v1 operation's method and path template. */
export const OPERATIONS = {
    whoami: { method: "GET", path: "/v1/whoami" },
    getUsage: { method: "GET", path: "/v1/usage" },
    listWorkflows: { method: "GET", path: "/v1/workflows" },
    createWorkflow: { method: "POST", path: "/v1/workflows" },
    getWorkflow: { method: "GET", path: "/v1/workflows/{id}" },
    updateWorkflow: { method: "PUT", path: "/v1/workflows/{id}" },
    patchWorkflow: { method: "PATCH", path: "/v1/workflows/{id}" },
    deleteWorkflow: { method: "DELETE", path: "/v1/workflows/{id}" },
    executeWorkflow: { method: "POST", path: "/v1/workflows/{id}/execute" },
    listExecutions: { method: "GET", path: "/v1/workflows/{id}/executions" },
    listAccountExecutions: { method: "GET", path: "/v1/executions" },
    getExecution: { method: "GET", path: "/v1/executions/{id}" },
    cancelExecution: { method: "POST", path: "/v1/executions/{id}/cancel" },
    rerunExecution: { method: "POST", path: "/v1/executions/{id}/rerun" },
    listWebhookEndpoints: { method: "GET", path: "/v1/webhook-endpoints" },
    createWebhookEndpoint: { method: "POST", path: "/v1/webhook-endpoints" },
    getWebhookEndpoint: { method: "GET", path: "/v1/webhook-endpoints/{id}" },
    updateWebhookEndpoint: { method: "PATCH", path: "/v1/webhook-endpoints/{id}" },
    deleteWebhookEndpoint: { method: "DELETE", path: "/v1/webhook-endpoints/{id}" },
    rotateWebhookSecret: { method: "POST", path: "/v1/webhook-endpoints/{id}/rotate-secret" },
    sendTestWebhook: { method: "POST", path: "/v1/webhook-endpoints/{id}/test" },
    listWebhookDeliveries: { method: "GET", path: "/v1/webhook-endpoints/{id}/deliveries" },
    replayWebhookDelivery: { method: "POST", path: "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/replay" },
    recoverWebhookDeliveries: { method: "POST", path: "/v1/webhook-endpoints/{id}/recover" },
    uploadDataset: { method: "POST", path: "/v1/datasets" },
    listDatasets: { method: "GET", path: "/v1/datasets" },
    getDataset: { method: "GET", path: "/v1/datasets/{id}" },
    deleteDataset: { method: "DELETE", path: "/v1/datasets/{id}" },
    analyze: { method: "POST", path: "/v1/data/analyze" },
    clean: { method: "POST", path: "/v1/data/clean" },
    getAnalysis: { method: "GET", path: "/v1/analyses/{id}" },
    sendStreamEvents: { method: "POST", path: "/v1/streams/{name}/events" },
    deleteStream: { method: "DELETE", path: "/v1/streams/{name}" },
    getStream: { method: "GET", path: "/v1/streams/{name}" },
    listStreams: { method: "GET", path: "/v1/streams" },
    followStream: { method: "GET", path: "/v1/streams/{name}/live" },
};
/** The list operations, and the field of their answer that holds a page's items. */
export const LISTS = {
    listWorkflows: "workflows",
    listExecutions: "executions",
    listAccountExecutions: "executions",
    listWebhookEndpoints: "webhook_endpoints",
    listWebhookDeliveries: "deliveries",
    listDatasets: "datasets",
    listStreams: "streams",
};
/** The list operations paged by cursor (`cursor` in, `has_more` and `next_cursor` out); the others page by number. */
export const CURSOR_LISTS = ["listAccountExecutions"];
/** One method per operation; the client supplies how a call is made. */
export class SluiceOperations {
    /** The key making the request and its account (GET /v1/whoami) */
    whoami(options) {
        return this.call("whoami", {}, options);
    }
    /** This month's usage against the quota (GET /v1/usage) */
    getUsage(options) {
        return this.call("getUsage", {}, options);
    }
    /** List workflows (GET /v1/workflows) */
    listWorkflows(query, options) {
        return this.call("listWorkflows", { query }, options);
    }
    /** Create a workflow (POST /v1/workflows) */
    createWorkflow(body, options) {
        return this.call("createWorkflow", { body }, options);
    }
    /** Get a workflow (GET /v1/workflows/{id}) */
    getWorkflow(id, options) {
        return this.call("getWorkflow", { path: { id } }, options);
    }
    /** Update a workflow (PUT /v1/workflows/{id}) */
    updateWorkflow(id, body, options) {
        return this.call("updateWorkflow", { path: { id }, body }, options);
    }
    /** Change part of a workflow (PATCH /v1/workflows/{id}) */
    patchWorkflow(id, body, options) {
        return this.call("patchWorkflow", { path: { id }, body }, options);
    }
    /** Delete a workflow (DELETE /v1/workflows/{id}) */
    deleteWorkflow(id, options) {
        return this.call("deleteWorkflow", { path: { id } }, options);
    }
    /** Execute a workflow now (POST /v1/workflows/{id}/execute) */
    executeWorkflow(id, body, options) {
        return this.call("executeWorkflow", { path: { id }, body }, options);
    }
    /** List a workflow's executions (GET /v1/workflows/{id}/executions) */
    listExecutions(id, query, options) {
        return this.call("listExecutions", { path: { id }, query }, options);
    }
    /** List executions across workflows (GET /v1/executions) */
    listAccountExecutions(query, options) {
        return this.call("listAccountExecutions", { query }, options);
    }
    /** Get an execution (GET /v1/executions/{id}) */
    getExecution(id, options) {
        return this.call("getExecution", { path: { id } }, options);
    }
    /** Cancel an execution (POST /v1/executions/{id}/cancel) */
    cancelExecution(id, options) {
        return this.call("cancelExecution", { path: { id } }, options);
    }
    /** Re-run an execution (POST /v1/executions/{id}/rerun) */
    rerunExecution(id, options) {
        return this.call("rerunExecution", { path: { id } }, options);
    }
    /** List webhook endpoints (GET /v1/webhook-endpoints) */
    listWebhookEndpoints(query, options) {
        return this.call("listWebhookEndpoints", { query }, options);
    }
    /** Create a webhook endpoint (POST /v1/webhook-endpoints) */
    createWebhookEndpoint(body, options) {
        return this.call("createWebhookEndpoint", { body }, options);
    }
    /** Get a webhook endpoint (GET /v1/webhook-endpoints/{id}) */
    getWebhookEndpoint(id, options) {
        return this.call("getWebhookEndpoint", { path: { id } }, options);
    }
    /** Update a webhook endpoint (PATCH /v1/webhook-endpoints/{id}) */
    updateWebhookEndpoint(id, body, options) {
        return this.call("updateWebhookEndpoint", { path: { id }, body }, options);
    }
    /** Delete a webhook endpoint (DELETE /v1/webhook-endpoints/{id}) */
    deleteWebhookEndpoint(id, options) {
        return this.call("deleteWebhookEndpoint", { path: { id } }, options);
    }
    /** Rotate an endpoint's signing secret (POST /v1/webhook-endpoints/{id}/rotate-secret) */
    rotateWebhookSecret(id, options) {
        return this.call("rotateWebhookSecret", { path: { id } }, options);
    }
    /** Send a test event (POST /v1/webhook-endpoints/{id}/test) */
    sendTestWebhook(id, body, options) {
        return this.call("sendTestWebhook", { path: { id }, body }, options);
    }
    /** List an endpoint's deliveries (GET /v1/webhook-endpoints/{id}/deliveries) */
    listWebhookDeliveries(id, query, options) {
        return this.call("listWebhookDeliveries", { path: { id }, query }, options);
    }
    /** Replay a delivery (POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/replay) */
    replayWebhookDelivery(id, deliveryId, options) {
        return this.call("replayWebhookDelivery", { path: { id, delivery_id: deliveryId } }, options);
    }
    /** Recover failed deliveries (POST /v1/webhook-endpoints/{id}/recover) */
    recoverWebhookDeliveries(id, body, options) {
        return this.call("recoverWebhookDeliveries", { path: { id }, body }, options);
    }
    /** Upload a dataset (POST /v1/datasets) */
    uploadDataset(data, query, options) {
        return this.call("uploadDataset", { raw: data, query }, options);
    }
    /** List datasets (GET /v1/datasets) */
    listDatasets(query, options) {
        return this.call("listDatasets", { query }, options);
    }
    /** Get a dataset (GET /v1/datasets/{id}) */
    getDataset(id, options) {
        return this.call("getDataset", { path: { id } }, options);
    }
    /** Delete a dataset (DELETE /v1/datasets/{id}) */
    deleteDataset(id, options) {
        return this.call("deleteDataset", { path: { id } }, options);
    }
    /** Analyse a dataset (POST /v1/data/analyze) */
    analyze(body, options) {
        return this.call("analyze", { body }, options);
    }
    /** Clean a dataset (POST /v1/data/clean) */
    clean(body, options) {
        return this.call("clean", { body }, options);
    }
    /** Get an analysis (GET /v1/analyses/{id}) */
    getAnalysis(id, options) {
        return this.call("getAnalysis", { path: { id } }, options);
    }
    /** Send events to a stream (POST /v1/streams/{name}/events) */
    sendStreamEvents(name, body, options) {
        return this.call("sendStreamEvents", { path: { name }, body }, options);
    }
    /** Delete a stream (DELETE /v1/streams/{name}) */
    deleteStream(name, options) {
        return this.call("deleteStream", { path: { name } }, options);
    }
    /** Get a stream's statistics (GET /v1/streams/{name}) */
    getStream(name, options) {
        return this.call("getStream", { path: { name } }, options);
    }
    /** List streams (GET /v1/streams) */
    listStreams(query, options) {
        return this.call("listStreams", { query }, options);
    }
    /** Follow a stream live (Server-Sent Events) (GET /v1/streams/{name}/live) */
    followStream(name, options) {
        return this.events("followStream", { path: { name } }, options);
    }
}
