import { NetworkError, SluiceError, errorFromAnswer } from "./errors.js";
import { CURSOR_LISTS, LISTS, OPERATIONS, SluiceOperations, type ListOperationId, type PublicOperationId } from "./operations.js";
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

const RETRY_CAP_MS = 8_000;
/** A Retry-After longer than this is not waited for: the error is thrown instead. */
const MAX_RETRY_AFTER_SECONDS = 60;
const VERSION = "1.0.0";

/** Parsed JSON, or undefined for an empty or non-JSON text (a proxy's error page: the status speaks). */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The Sluice API client: one method per operation (see operations.ts), typed from openapi.yaml.
 * Retries 429 (after Retry-After), 5xx, timeouts and network failures with exponential backoff
 * and jitter; POSTs carry an Idempotency-Key, the same on every attempt, so a retry never does
 * the work twice. Failures throw a SluiceError subclass by category (see errors.ts).
 */
export class Sluice extends SluiceOperations {
  /** The rate limit reported by the latest answer, once one has been received. */
  rateLimit: RateLimitInfo | undefined;
  private readonly options: Required<Omit<SluiceOptions, "fetch">> & { fetch: typeof fetch };

  constructor(options: SluiceOptions) {
    super();
    if (!options.apiKey) throw new TypeError("apiKey is required");
    this.options = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 3,
      retryBaseMs: options.retryBaseMs ?? 500,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    };
  }

  /**
   * Every item of a list operation, typed, page after page (100 a page unless the query says
   * otherwise): by page number, or for the lists in CURSOR_LISTS by following `next_cursor` while
   * `has_more`. The query's other parameters (filters) go with every page.
   */
  async *paginate<O extends ListOperationId>(
    operation: O,
    input: { path?: Record<string, string>; query?: Query<O> } = {},
    options?: RequestOptions,
  ): AsyncIterableIterator<ListItem<O>> {
    const query: Record<string, unknown> = { ...input.query };
    const limit = Number(query.limit ?? 100);
    const byCursor = CURSOR_LISTS.includes(operation);
    const itemsOf = (record: Record<string, unknown>) => {
      const found = record[LISTS[operation]];
      return (Array.isArray(found) ? found : []) as ListItem<O>[];
    };
    for (let page = Number(query.page ?? 1); ; page++) {
      const answer: unknown = await this.call(operation, { path: input.path, query: byCursor ? { ...query, limit } : { ...query, page, limit } }, options);
      const record = (answer ?? {}) as Record<string, unknown>;
      const items = itemsOf(record);
      yield* items;
      if (byCursor) {
        // An empty page ends the walk too, so a server that keeps a cursor cannot loop it.
        if (record.has_more !== true || typeof record.next_cursor !== "string" || items.length === 0) return;
        query.cursor = record.next_cursor;
        continue;
      }
      const total = typeof record.total === "number" ? record.total : undefined;
      if (items.length < limit || (total !== undefined && page * limit >= total)) return;
    }
  }

  private url(operation: PublicOperationId, input: OperationInput): string {
    const template = OPERATIONS[operation].path;
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = input.path?.[name];
      if (value === undefined || value === "") throw new TypeError(`${operation}: ${name} is required`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== null) query.set(name, String(value));
    const search = query.toString();
    return `${this.options.baseUrl}${path}${search ? `?${search}` : ""}`;
  }

  private headers(method: string, input: OperationInput, options: RequestOptions | undefined, idempotencyKey: string | undefined): Headers {
    const headers = new Headers({ Authorization: `Bearer ${this.options.apiKey}`, Accept: "application/json", "User-Agent": `sluice-typescript/${VERSION}` });
    if (input.body !== undefined) headers.set("Content-Type", "application/json");
    if (input.raw !== undefined) headers.set("Content-Type", options?.contentType ?? "application/octet-stream");
    if (method === "POST" && idempotencyKey) headers.set("Idempotency-Key", idempotencyKey);
    for (const [name, value] of Object.entries(options?.headers ?? {})) headers.set(name, value);
    return headers;
  }

  private noteRateLimit(headers: Headers): void {
    const limit = headers.get("x-ratelimit-limit");
    const remaining = headers.get("x-ratelimit-remaining");
    const reset = headers.get("x-ratelimit-reset");
    if (limit === null || remaining === null || reset === null) return;
    this.rateLimit = { limit: Number(limit), remaining: Number(remaining), resetAt: new Date(Number(reset) * 1000) };
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(RETRY_CAP_MS, this.options.retryBaseMs * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  /**
   * One call, retried as the options allow. A JSON call resolves with the 2xx answer's text, read
   * within the timeout; a live view with the open Response (the timeout covers its headers only).
   */
  private async send(operation: PublicOperationId, input: OperationInput, options: RequestOptions | undefined, live: true): Promise<Response>;
  private async send(operation: PublicOperationId, input: OperationInput, options: RequestOptions | undefined, live: false): Promise<string>;
  private async send(operation: PublicOperationId, input: OperationInput, options: RequestOptions | undefined, live: boolean): Promise<Response | string> {
    const { method } = OPERATIONS[operation];
    const url = this.url(operation, input);
    const idempotencyKey = options?.idempotencyKey ?? (method === "POST" ? crypto.randomUUID() : undefined);
    const headers = this.headers(method, input, options, idempotencyKey);
    if (live) headers.set("Accept", "text/event-stream");
    const body = input.body !== undefined ? JSON.stringify(input.body) : (input.raw as BodyInit | undefined);
    const timeoutMs = options?.timeoutMs ?? this.options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error("timeout")), timeoutMs);
      const signal = options?.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
      try {
        const response = await this.options.fetch(url, { method, headers, body, signal });
        this.noteRateLimit(response.headers);
        if (response.ok) {
          if (live) return response;
          return await response.text();
        }
        const wait = retryAfterSeconds(response.headers);
        const failure = errorFromAnswer(response.status, parseJson(await response.text()), response.headers, wait);
        const retryable = response.status === 429 || response.status >= 500;
        if (!retryable || attempt >= this.options.maxRetries || (wait ?? 0) > MAX_RETRY_AFTER_SECONDS) throw failure;
        clearTimeout(timer);
        await sleep(wait !== undefined ? wait * 1000 : this.backoff(attempt), options?.signal);
      } catch (error) {
        if (error instanceof SluiceError || options?.signal?.aborted) throw error;
        const timedOut = controller.signal.aborted;
        const failure = new NetworkError({
          status: 0,
          code: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
          message: timedOut ? `No answer within ${timeoutMs} ms.` : "The API could not be reached.",
          cause: error,
        });
        if (attempt >= this.options.maxRetries) throw failure;
        clearTimeout(timer);
        await sleep(this.backoff(attempt), options?.signal);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  protected async call<O extends PublicOperationId>(operation: O, input: OperationInput, options?: RequestOptions): Promise<Ok<O>> {
    return parseJson(await this.send(operation, input, options, false)) as Ok<O>;
  }

  protected async *events(operation: PublicOperationId, input: OperationInput, options?: RequestOptions): AsyncIterableIterator<ServerSentEvent> {
    const response = await this.send(operation, input, options, true);
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value.replace(/\r\n/g, "\n");
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ServerSentEvent = { event: "message", data: "" };
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event.event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
            else if (line.startsWith("id:")) event.id = line.slice(3).trim();
          }
          if (data.length) yield { ...event, data: data.join("\n") };
        }
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
}
