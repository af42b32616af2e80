import type { operations } from "./openapi.js";
/** Request and response types of each operation, derived from openapi.yaml's generated types. */
export type OperationId = keyof operations;
type Responses<O extends OperationId> = operations[O]["responses"];
type JsonOf<R> = R extends {
    content: {
        "application/json": infer B;
    };
} ? B : undefined;
/** The parsed JSON of an operation's successful answers (a union when there are several, e.g. 200 or 202). */
export type Ok<O extends OperationId> = {
    [S in keyof Responses<O>]: S extends 200 | 201 | 202 | 204 ? JsonOf<Responses<O>[S]> : never;
}[keyof Responses<O>];
/** The operation's JSON request body. */
export type JsonBody<O extends OperationId> = NonNullable<operations[O]["requestBody"]> extends {
    content: {
        "application/json": infer B;
    };
} ? B : never;
/** The item type of a list operation's answer: what `paginate` yields. */
export type ListItem<O extends OperationId> = {
    [K in keyof NonNullable<Ok<O>>]: NonNullable<Ok<O>>[K] extends readonly (infer I)[] ? I : never;
}[keyof NonNullable<Ok<O>>];
/** The operation's query parameters. */
export type Query<O extends OperationId> = operations[O]["parameters"] extends {
    query?: infer Q;
} ? NonNullable<Q> : never;
/** An upload's bytes. */
export type RawBody = Blob | Uint8Array | ArrayBuffer | string;
export interface RequestOptions {
    /** Sent as Idempotency-Key; POSTs get a random one when absent, the same on every retry. */
    idempotencyKey?: string;
    signal?: AbortSignal;
    /** Per attempt; the client's default (30 s) otherwise. */
    timeoutMs?: number;
    headers?: Record<string, string>;
    /** The Content-Type of a raw upload (e.g. text/csv); application/octet-stream otherwise. */
    contentType?: string;
}
export interface OperationInput {
    path?: Record<string, string>;
    query?: object;
    body?: unknown;
    raw?: RawBody;
}
/** One Server-Sent Event of a live view. */
export interface ServerSentEvent {
    event: string;
    data: string;
    id?: string;
}
/** The rate limit the last answer reported (X-RateLimit-* headers). */
export interface RateLimitInfo {
    limit: number;
    remaining: number;
    /** When the window resets. */
    resetAt: Date;
}
export {};
