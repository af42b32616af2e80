import type { z } from "zod";
import { ERROR_CATALOGUE, ErrorBodySchema, type ErrorCode, type ErrorDetail } from "../../../core/errors";
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
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = "ApiError";
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
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
}

export type ApiRequest = <T>(path: string, options: ApiRequestOptions<T>) => Promise<T>;

/** A request function bound to a base URL ("" means the portal's own origin). */
export function createApiClient(baseUrl: string): ApiRequest {
  const prefix = baseUrl.replace(/\/+$/, "");

  return async function request<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const init: RequestInit = {
      method: options.method ?? "GET",
      credentials: "include",
      headers,
      signal: options.signal ?? null,
    };
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }

    let response: Response;
    let text: string;
    try {
      response = await fetch(`${prefix}${path}`, init);
      text = await response.text();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError({ code: "NETWORK_ERROR", status: 0, message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, cause: error });
    }

    const requestIdHeader = response.headers.get("X-Request-Id") ?? undefined;
    if (!response.ok) throw errorFromResponse(response.status, text, requestIdHeader);

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
  };
}

/** Requests to the Sluice gateway (`VITE_API_BASE_URL`, by default the same origin). */
export const apiRequest: ApiRequest = createApiClient(env.apiBaseUrl);

function errorFromResponse(status: number, text: string, requestIdHeader: string | undefined): ApiError {
  const parsed = ErrorBodySchema.safeParse(parseJson(text));
  if (parsed.success) {
    const { code, message, details, request_id } = parsed.data.error;
    return new ApiError({ code, status, message, details: details ?? [], requestId: request_id ?? requestIdHeader });
  }
  const code: ErrorCode = status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST";
  return new ApiError({ code, status, message: ERROR_CATALOGUE[code].message, requestId: requestIdHeader });
}

/** JSON.parse that answers `undefined` for anything that is not JSON (HTML error pages, empty bodies). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
