import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, detailsFromZodIssues } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import { allowHeaderFor } from "./method-not-allowed.js";
import type { z } from "zod";

/** Framework exceptions we can name precisely; anything else from Hono is a bad request. */
function fromHttpException(error: HTTPException): AppError {
  if (error.status === 413) return new AppError("PAYLOAD_TOO_LARGE");
  if (error.status === 400 && error.message.startsWith("Malformed JSON")) return new AppError("MALFORMED_JSON");
  if (error.status === 401) return new AppError("UNAUTHORIZED");
  if (error.status === 404) return new AppError("NOT_FOUND");
  if (error.status < 500) return new AppError("BAD_REQUEST", error.message || undefined);
  return new AppError("INTERNAL_ERROR", undefined, { cause: error });
}

/**
 * Connection failures, PostgreSQL's "shutting down / starting up" states, and ioredis refusing a
 * command while Redis is away (offline queue off, retries spent, command timeout): worth a
 * retry, not a 500.
 */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Stream isn't writeable|Connection is closed|Reached the max retries per request limit|Command timed out/i;

export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isStoreUnavailable);
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** The one place an error becomes a response body (DESIGN.md section 12). */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const appError =
    error instanceof AppError
      ? error
      : error instanceof HTTPException
        ? fromHttpException(error)
        : isStoreUnavailable(error)
          ? new AppError("SERVICE_UNAVAILABLE", "A data store is unreachable; retry shortly.", { cause: error, headers: { "Retry-After": "5" } })
          : new AppError("INTERNAL_ERROR", undefined, { cause: error });

  const logger = c.get("logger");
  if (appError.status >= 500) {
    logger.error({ err: appError.cause ?? error, code: appError.code }, "request failed");
  } else {
    logger.debug({ code: appError.code }, "request rejected");
  }

  for (const [name, value] of Object.entries(appError.headers ?? {})) c.header(name, value);
  return c.json(appError.toBody(c.get("requestId")), appError.status as ContentfulStatusCode);
}

/**
 * No route answered: 405 METHOD_NOT_ALLOWED with `Allow` when the path is known with other
 * methods (`methodsOf`, gateway/http/method-not-allowed.ts), else 404.
 */
export function notFoundHandler(methodsOf: (path: string) => string[]) {
  return (c: Context<AppEnv>): Response => {
    const allow = allowHeaderFor(c, methodsOf);
    if (allow) return handleError(new AppError("METHOD_NOT_ALLOWED", `${c.req.path} does not answer ${c.req.method}; it answers ${allow}.`, { headers: { Allow: allow } }), c);
    return handleError(new AppError("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`), c);
  };
}

type ValidationResult =
  | { success: true }
  | { success: false; error: z.ZodError; target: string };

/**
 * The params of the issue a path parameter raises when it cannot name any resource
 * (gateway/http/path-params.ts): answered 404 with the issue's message, like a resource that
 * does not exist, not 400.
 */
export const NOT_FOUND_ISSUE_PARAMS = { notFound: true } as const;

const isNotFoundIssue = (issue: z.core.$ZodIssue) => issue.code === "custom" && issue.params?.notFound === true;

/**
 * What input that failed its schema is answered: a path parameter naming no resource 404, a body
 * 422 VALIDATION_FAILED, bad path, query or header parameters 400 BAD_REQUEST; the last two list
 * every problem.
 */
export function validationError(error: z.ZodError, target: string): AppError {
  const missing = target === "param" ? error.issues.find(isNotFoundIssue) : undefined;
  if (missing) return new AppError("NOT_FOUND", missing.message);
  const details = detailsFromZodIssues(error.issues);
  if (target === "json" || target === "form") return new AppError("VALIDATION_FAILED", undefined, { details });
  return new AppError("BAD_REQUEST", `Invalid ${target} parameters.`, { details });
}

/** Hook for @hono/zod-openapi (every route's defaultHook): see validationError. */
export function validationHook(result: ValidationResult): void {
  if (!result.success) throw validationError(result.error, result.target);
}
