import { SluiceOperations, type ListOperationId, type PublicOperationId } from "./operations.js";
import type { ListItem, Ok, OperationInput, Query, RateLimitInfo, RequestOptions, ServerSentEvent } from "./types.js";
export interface SluiceOptions {
    /** An sk_live_, sk_test_ or ak_ key. */
    apiKey: string;
    /** The API's origin, e.g. https://api.sluice.dev. */
    baseUrl: string;
    /** Per attempt, in milliseconds (default 30,000). */
    timeoutMs?: number;
    /** Retries after a 429, a 5xx, a timeout or a network failure (default 3). */
    maxRetries?: number;
    /** First backoff step in milliseconds (default 500; doubled each retry, with jitter, at most 8 s). */
    retryBaseMs?: number;
    fetch?: typeof fetch;
}
/**
 * The Sluice API client: one method per operation (see operations.ts), typed from openapi.yaml.
 * Retries 429 (after Retry-After), 5xx, timeouts and network failures with exponential backoff
 * and jitter; POSTs carry an Idempotency-Key, the same on every attempt, so a retry never does
 * the work twice. Failures throw a SluiceError subclass by category (see errors.ts).
 */
export declare class Sluice extends SluiceOperations {
    /** The rate limit reported by the latest answer, once one has been received. */
    rateLimit: RateLimitInfo | undefined;
    private readonly options;
    constructor(options: SluiceOptions);
    /**
     * Every item of a list operation, typed, page after page (100 a page unless the query says
     * otherwise): by page number, or for the lists in CURSOR_LISTS by following `next_cursor` while
     * `has_more`. The query's other parameters (filters) go with every page.
     */
    paginate<O extends ListOperationId>(operation: O, input?: {
        path?: Record<string, string>;
        query?: Query<O>;
    }, options?: RequestOptions): AsyncIterableIterator<ListItem<O>>;
    private url;
    private headers;
    private noteRateLimit;
    private backoff;
    /**
     * One call, retried as the options allow. A JSON call resolves with the 2xx answer's text, read
     * within the timeout; a live view with the open Response (the timeout covers its headers only).
     */
    private send;
    protected call<O extends PublicOperationId>(operation: O, input: OperationInput, options?: RequestOptions): Promise<Ok<O>>;
    protected events(operation: PublicOperationId, input: OperationInput, options?: RequestOptions): AsyncIterableIterator<ServerSentEvent>;
}
