import type { JsonBody, Ok, OperationInput, Query, RawBody, RequestOptions, ServerSentEvent } from "./types.js";
/** Every /v1 operation's method and path template. */
export declare const OPERATIONS: {
    readonly whoami: {
        readonly method: "GET";
        readonly path: "/v1/whoami";
    };
    readonly getUsage: {
        readonly method: "GET";
        readonly path: "/v1/usage";
    };
    readonly listWorkflows: {
        readonly method: "GET";
        readonly path: "/v1/workflows";
    };
    readonly createWorkflow: {
        readonly method: "POST";
        readonly path: "/v1/workflows";
    };
    readonly getWorkflow: {
        readonly method: "GET";
        readonly path: "/v1/workflows/{id}";
    };
    readonly updateWorkflow: {
        readonly method: "PUT";
        readonly path: "/v1/workflows/{id}";
    };
    readonly patchWorkflow: {
        readonly method: "PATCH";
        readonly path: "/v1/workflows/{id}";
    };
    readonly deleteWorkflow: {
        readonly method: "DELETE";
        readonly path: "/v1/workflows/{id}";
    };
    readonly executeWorkflow: {
        readonly method: "POST";
        readonly path: "/v1/workflows/{id}/execute";
    };
    readonly listExecutions: {
        readonly method: "GET";
        readonly path: "/v1/workflows/{id}/executions";
    };
    readonly listAccountExecutions: {
        readonly method: "GET";
        readonly path: "/v1/executions";
    };
    readonly getExecution: {
        readonly method: "GET";
        readonly path: "/v1/executions/{id}";
    };
    readonly cancelExecution: {
        readonly method: "POST";
        readonly path: "/v1/executions/{id}/cancel";
    };
    readonly rerunExecution: {
        readonly method: "POST";
        readonly path: "/v1/executions/{id}/rerun";
    };
    readonly listWebhookEndpoints: {
        readonly method: "GET";
        readonly path: "/v1/webhook-endpoints";
    };
    readonly createWebhookEndpoint: {
        readonly method: "POST";
        readonly path: "/v1/webhook-endpoints";
    };
    readonly getWebhookEndpoint: {
        readonly method: "GET";
        readonly path: "/v1/webhook-endpoints/{id}";
    };
    readonly updateWebhookEndpoint: {
        readonly method: "PATCH";
        readonly path: "/v1/webhook-endpoints/{id}";
    };
    readonly deleteWebhookEndpoint: {
        readonly method: "DELETE";
        readonly path: "/v1/webhook-endpoints/{id}";
    };
    readonly rotateWebhookSecret: {
        readonly method: "POST";
        readonly path: "/v1/webhook-endpoints/{id}/rotate-secret";
    };
    readonly sendTestWebhook: {
        readonly method: "POST";
        readonly path: "/v1/webhook-endpoints/{id}/test";
    };
    readonly listWebhookDeliveries: {
        readonly method: "GET";
        readonly path: "/v1/webhook-endpoints/{id}/deliveries";
    };
    readonly replayWebhookDelivery: {
        readonly method: "POST";
        readonly path: "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/replay";
    };
    readonly recoverWebhookDeliveries: {
        readonly method: "POST";
        readonly path: "/v1/webhook-endpoints/{id}/recover";
    };
    readonly uploadDataset: {
        readonly method: "POST";
        readonly path: "/v1/datasets";
    };
    readonly listDatasets: {
        readonly method: "GET";
        readonly path: "/v1/datasets";
    };
    readonly getDataset: {
        readonly method: "GET";
        readonly path: "/v1/datasets/{id}";
    };
    readonly deleteDataset: {
        readonly method: "DELETE";
        readonly path: "/v1/datasets/{id}";
    };
    readonly analyze: {
        readonly method: "POST";
        readonly path: "/v1/data/analyze";
    };
    readonly clean: {
        readonly method: "POST";
        readonly path: "/v1/data/clean";
    };
    readonly getAnalysis: {
        readonly method: "GET";
        readonly path: "/v1/analyses/{id}";
    };
    readonly sendStreamEvents: {
        readonly method: "POST";
        readonly path: "/v1/streams/{name}/events";
    };
    readonly deleteStream: {
        readonly method: "DELETE";
        readonly path: "/v1/streams/{name}";
    };
    readonly getStream: {
        readonly method: "GET";
        readonly path: "/v1/streams/{name}";
    };
    readonly listStreams: {
        readonly method: "GET";
        readonly path: "/v1/streams";
    };
    readonly followStream: {
        readonly method: "GET";
        readonly path: "/v1/streams/{name}/live";
    };
};
export type PublicOperationId = keyof typeof OPERATIONS;
/** The list operations, and the field of their answer that holds a page's items. */
export declare const LISTS: {
    readonly listWorkflows: "workflows";
    readonly listExecutions: "executions";
    readonly listAccountExecutions: "executions";
    readonly listWebhookEndpoints: "webhook_endpoints";
    readonly listWebhookDeliveries: "deliveries";
    readonly listDatasets: "datasets";
    readonly listStreams: "streams";
};
export type ListOperationId = keyof typeof LISTS;
/** The list operations paged by cursor (`cursor` in, `has_more` and `next_cursor` out); the others page by number. */
export declare const CURSOR_LISTS: readonly ListOperationId[];
/** One method per operation; the client supplies how a call is made. */
export declare abstract class SluiceOperations {
    protected abstract call<O extends PublicOperationId>(operation: O, input: OperationInput, options?: RequestOptions): Promise<Ok<O>>;
    protected abstract events(operation: PublicOperationId, input: OperationInput, options?: RequestOptions): AsyncIterableIterator<ServerSentEvent>;
    /** The key making the request and its account (GET /v1/whoami) */
    whoami(options?: RequestOptions): Promise<Ok<"whoami">>;
    /** This month's usage against the quota (GET /v1/usage) */
    getUsage(options?: RequestOptions): Promise<Ok<"getUsage">>;
    /** List workflows (GET /v1/workflows) */
    listWorkflows(query?: Query<"listWorkflows">, options?: RequestOptions): Promise<Ok<"listWorkflows">>;
    /** Create a workflow (POST /v1/workflows) */
    createWorkflow(body: JsonBody<"createWorkflow">, options?: RequestOptions): Promise<Ok<"createWorkflow">>;
    /** Get a workflow (GET /v1/workflows/{id}) */
    getWorkflow(id: string, options?: RequestOptions): Promise<Ok<"getWorkflow">>;
    /** Update a workflow (PUT /v1/workflows/{id}) */
    updateWorkflow(id: string, body: JsonBody<"updateWorkflow">, options?: RequestOptions): Promise<Ok<"updateWorkflow">>;
    /** Change part of a workflow (PATCH /v1/workflows/{id}) */
    patchWorkflow(id: string, body: JsonBody<"patchWorkflow">, options?: RequestOptions): Promise<Ok<"patchWorkflow">>;
    /** Delete a workflow (DELETE /v1/workflows/{id}) */
    deleteWorkflow(id: string, options?: RequestOptions): Promise<Ok<"deleteWorkflow">>;
    /** Execute a workflow now (POST /v1/workflows/{id}/execute) */
    executeWorkflow(id: string, body?: JsonBody<"executeWorkflow">, options?: RequestOptions): Promise<Ok<"executeWorkflow">>;
    /** List a workflow's executions (GET /v1/workflows/{id}/executions) */
    listExecutions(id: string, query?: Query<"listExecutions">, options?: RequestOptions): Promise<Ok<"listExecutions">>;
    /** List executions across workflows (GET /v1/executions) */
    listAccountExecutions(query?: Query<"listAccountExecutions">, options?: RequestOptions): Promise<Ok<"listAccountExecutions">>;
    /** Get an execution (GET /v1/executions/{id}) */
    getExecution(id: string, options?: RequestOptions): Promise<Ok<"getExecution">>;
    /** Cancel an execution (POST /v1/executions/{id}/cancel) */
    cancelExecution(id: string, options?: RequestOptions): Promise<Ok<"cancelExecution">>;
    /** Re-run an execution (POST /v1/executions/{id}/rerun) */
    rerunExecution(id: string, options?: RequestOptions): Promise<Ok<"rerunExecution">>;
    /** List webhook endpoints (GET /v1/webhook-endpoints) */
    listWebhookEndpoints(query?: Query<"listWebhookEndpoints">, options?: RequestOptions): Promise<Ok<"listWebhookEndpoints">>;
    /** Create a webhook endpoint (POST /v1/webhook-endpoints) */
    createWebhookEndpoint(body: JsonBody<"createWebhookEndpoint">, options?: RequestOptions): Promise<Ok<"createWebhookEndpoint">>;
    /** Get a webhook endpoint (GET /v1/webhook-endpoints/{id}) */
    getWebhookEndpoint(id: string, options?: RequestOptions): Promise<Ok<"getWebhookEndpoint">>;
    /** Update a webhook endpoint (PATCH /v1/webhook-endpoints/{id}) */
    updateWebhookEndpoint(id: string, body: JsonBody<"updateWebhookEndpoint">, options?: RequestOptions): Promise<Ok<"updateWebhookEndpoint">>;
    /** Delete a webhook endpoint (DELETE /v1/webhook-endpoints/{id}) */
    deleteWebhookEndpoint(id: string, options?: RequestOptions): Promise<Ok<"deleteWebhookEndpoint">>;
    /** Rotate an endpoint's signing secret (POST /v1/webhook-endpoints/{id}/rotate-secret) */
    rotateWebhookSecret(id: string, options?: RequestOptions): Promise<Ok<"rotateWebhookSecret">>;
    /** Send a test event (POST /v1/webhook-endpoints/{id}/test) */
    sendTestWebhook(id: string, body?: JsonBody<"sendTestWebhook">, options?: RequestOptions): Promise<Ok<"sendTestWebhook">>;
    /** List an endpoint's deliveries (GET /v1/webhook-endpoints/{id}/deliveries) */
    listWebhookDeliveries(id: string, query?: Query<"listWebhookDeliveries">, options?: RequestOptions): Promise<Ok<"listWebhookDeliveries">>;
    /** Replay a delivery (POST /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/replay) */
    replayWebhookDelivery(id: string, deliveryId: string, options?: RequestOptions): Promise<Ok<"replayWebhookDelivery">>;
    /** Recover failed deliveries (POST /v1/webhook-endpoints/{id}/recover) */
    recoverWebhookDeliveries(id: string, body: JsonBody<"recoverWebhookDeliveries">, options?: RequestOptions): Promise<Ok<"recoverWebhookDeliveries">>;
    /** Upload a dataset (POST /v1/datasets) */
    uploadDataset(data: RawBody, query?: Query<"uploadDataset">, options?: RequestOptions): Promise<Ok<"uploadDataset">>;
    /** List datasets (GET /v1/datasets) */
    listDatasets(query?: Query<"listDatasets">, options?: RequestOptions): Promise<Ok<"listDatasets">>;
    /** Get a dataset (GET /v1/datasets/{id}) */
    getDataset(id: string, options?: RequestOptions): Promise<Ok<"getDataset">>;
    /** Delete a dataset (DELETE /v1/datasets/{id}) */
    deleteDataset(id: string, options?: RequestOptions): Promise<Ok<"deleteDataset">>;
    /** Analyse a dataset (POST /v1/data/analyze) */
    analyze(body: JsonBody<"analyze">, options?: RequestOptions): Promise<Ok<"analyze">>;
    /** Clean a dataset (POST /v1/data/clean) */
    clean(body: JsonBody<"clean">, options?: RequestOptions): Promise<Ok<"clean">>;
    /** Get an analysis (GET /v1/analyses/{id}) */
    getAnalysis(id: string, options?: RequestOptions): Promise<Ok<"getAnalysis">>;
    /** Send events to a stream (POST /v1/streams/{name}/events) */
    sendStreamEvents(name: string, body: JsonBody<"sendStreamEvents">, options?: RequestOptions): Promise<Ok<"sendStreamEvents">>;
    /** Delete a stream (DELETE /v1/streams/{name}) */
    deleteStream(name: string, options?: RequestOptions): Promise<Ok<"deleteStream">>;
    /** Get a stream's statistics (GET /v1/streams/{name}) */
    getStream(name: string, options?: RequestOptions): Promise<Ok<"getStream">>;
    /** List streams (GET /v1/streams) */
    listStreams(query?: Query<"listStreams">, options?: RequestOptions): Promise<Ok<"listStreams">>;
    /** Follow a stream live (Server-Sent Events) (GET /v1/streams/{name}/live) */
    followStream(name: string, options?: RequestOptions): AsyncIterableIterator<ServerSentEvent>;
}
