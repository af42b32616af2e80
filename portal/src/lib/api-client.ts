import type { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "../../../core/contracts/auth";
import { ERROR_CATALOGUE, ErrorBodySchema, type ErrorCode, type ErrorDetail } from "../../../core/errors";
import { parseRetryAfter } from "../../../core/retry-after";
import { env } from "./env";

/**
 * Codes the client assigns itself when there is no server answer to read:
 * NETWORK_ERROR (the request never got a response) and INVALID_RESPONSE
 * (a 2xx answer whose body does not match the expected schema).
 */
export const CLIENT_ERROR_MESSAGES = {
  NETWORK_ERROR: "Could not reach the server. Check your connection and try again.",
  INVALID_RESPONSE: "The server sent an unexpected response. Please try again later.",
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERROR_MESSAGES;

/** A catalogued code, a client code, or any other code the server sent verbatim. */
export type ApiErrorCode = ErrorCode | ClientErrorCode | (string & Record<never, never>);

export interface ApiErrorInit {
  code: ApiErrorCode;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  message: string;
  details?: ErrorDetail[];
  requestId?: string | undefined;
  /** Seconds from the Retry-After header of a 429 or 503 answer. */
  retryAfterSeconds?: number | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = "ApiError";
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's (or the client's) explanation of a failure, for a toast's description. */
export function failureDescription(error: unknown): string | undefined {
  return isApiError(error) ? error.message : undefined;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions<T> {
  /** Parses the success body; its output is what the request resolves to. */
  schema: z.ZodType<T>;
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees every answer (success or not) before it is parsed, e.g. to read its Date header. */
  onResponse?: (response: Response) => void;
}

export type ApiRequest = <T>(path: string, options: ApiRequestOptions<T>) => Promise<T>;

export interface ApiClientOptions {
  /** The page's cookies as `document.cookie` spells them; read for the CSRF token. */
  readCookies?: () => string;
}

/** Any GET to this path (re)sets the CSRF cookie, whatever it answers (401 when signed out). */
const CSRF_PRIMING_PATH = "/auth/user";

function readDocumentCookies(): string {
  return typeof document === "undefined" ? "" : document.cookie;
}

/**
 * A request function bound to a base URL ("" means the portal's own origin).
 * State-changing requests carry the CSRF header, copied from the CSRF cookie (double submit).
 * Without the cookie, one GET obtains it first; a CSRF_FAILED answer (a stale cookie) is retried
 * once with a fresh one.
 */
export function createApiClient(baseUrl: string, { readCookies = readDocumentCookies }: ApiClientOptions = {}): ApiRequest {
  const prefix = baseUrl.replace(/\/+$/, "");
  let priming: Promise<void> | null = null;

  /** One GET at a time, shared by every request that needs the cookie. Its answer does not matter. */
  function primeCsrfCookie(): Promise<void> {
    priming ??= fetch(`${prefix}${CSRF_PRIMING_PATH}`, { credentials: "include", headers: { Accept: "application/json" } })
      .then((response) => response.body?.cancel())
      .catch(() => undefined)
      .finally(() => {
        priming = null;
      });
    return priming;
  }

  async function csrfToken(forceNew: boolean): Promise<string | null> {
    if (!forceNew) {
      const token = readCookie(readCookies(), CSRF_COOKIE);
      if (token) return token;
    }
    await primeCsrfCookie();
    return readCookie(readCookies(), CSRF_COOKIE);
  }

  async function send<T>(path: string, options: ApiRequestOptions<T>, csrfRetry: boolean): Promise<T> {
    const method = options.method ?? "GET";
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const init: RequestInit = { method, credentials: "include", headers, signal: options.signal ?? null };
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }

    let response: Response;
    let text: string;
    try {
      if (method !== "GET") {
        const token = await csrfToken(csrfRetry);
        if (token) headers[CSRF_HEADER] = token;
      }
      response = await fetch(`${prefix}${path}`, init);
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError({ code: "NETWORK_ERROR", status: 0, message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, cause: error });
    }
    options.onResponse?.(response);

    const requestIdHeader = response.headers.get("X-Request-Id") ?? undefined;
    if (!response.ok) {
      const error = errorFromResponse(response, text, requestIdHeader);
      if (error.code === "CSRF_FAILED" && method !== "GET" && !csrfRetry) return send(path, options, true);
      throw error;
    }

    const parsed = options.schema.safeParse(text === "" ? undefined : parseJson(text));
    if (!parsed.success) {
      throw new ApiError({
        code: "INVALID_RESPONSE",
        status: response.status,
        message: CLIENT_ERROR_MESSAGES.INVALID_RESPONSE,
        requestId: requestIdHeader,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return (path, options) => send(path, options, false);
}

/** The value of one cookie in a `document.cookie` string, or null when it is absent or empty. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    if (raw === "") return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Requests to the Sluice gateway (`VITE_API_BASE_URL`, by default the same origin). */
export const apiRequest: ApiRequest = createApiClient(env.apiBaseUrl);

function errorFromResponse(response: Response, text: string, requestIdHeader: string | undefined): ApiError {
  const { status } = response;
  const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"), new Date());
  const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1_000);
  const parsed = ErrorBodySchema.safeParse(parseJson(text));
  if (parsed.success) {
    const { code, message, details, request_id } = parsed.data.error;
    return new ApiError({ code, status, message, details: details ?? [], requestId: request_id ?? requestIdHeader, retryAfterSeconds });
  }
  const code: ErrorCode = status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST";
  return new ApiError({ code, status, message: ERROR_CATALOGUE[code].message, requestId: requestIdHeader, retryAfterSeconds });
}

/** JSON.parse that answers `undefined` for anything that is not JSON (HTML error pages, empty bodies). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
