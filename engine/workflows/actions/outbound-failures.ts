import { OutboundError, type OutboundResponse } from "../../../core/outbound/send-outbound.js";
import { parseRetryAfter } from "../../../core/retry-after.js";
import { ActionFailure } from "./action-context.js";

/**
 * How the answers and errors of outbound calls (http_request, chat_message) become step
 * failures. One place decides what is worth another attempt:
 * - 2xx is success; every other status fails the attempt (redirects are not followed).
 * - 408, 425, 429 and 5xx are retryable, honouring Retry-After; other 4xx are not.
 * - A blocked or invalid destination is BLOCKED_DESTINATION and final.
 * - A timeout, DNS or connection failure is retryable; an abort (cancel, step timeout) is
 *   rethrown untouched for the runner.
 */

const RETRYABLE_STATUSES = new Set([408, 425, 429]);

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The failure for a non-2xx answer. `target` names the destination without secrets (a host, a provider). */
export function failureFromResponse(response: Pick<OutboundResponse, "status" | "headers">, target: string, now: Date = new Date()): ActionFailure {
  const retryable = RETRYABLE_STATUSES.has(response.status) || response.status >= 500;
  const retryAfterMs = retryable ? parseRetryAfter(headerValue(response.headers, "retry-after"), now) : undefined;
  const redirect = response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : "";
  return new ActionFailure("ACTION_FAILED", `${target} answered HTTP ${response.status}${redirect}`, {
    retryable,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

/**
 * The failure for an error thrown by sendOutbound. An abort is rethrown as it is (the runner
 * knows whether it cancelled the execution or timed the step out), and so is anything that is
 * not an OutboundError: that is a bug, not a failed attempt.
 */
export function failureFromError(error: unknown, target: string, timeoutMs: number): ActionFailure {
  if (!(error instanceof OutboundError)) throw error;
  switch (error.code) {
    case "ABORTED":
      throw error;
    case "INVALID_URL":
    case "BLOCKED_DESTINATION":
      return new ActionFailure("BLOCKED_DESTINATION", `${target}: ${error.message}`, { retryable: false, cause: error });
    case "TIMEOUT":
      return new ActionFailure("STEP_TIMEOUT", `${target} did not answer within ${timeoutMs} ms`, { retryable: true, cause: error });
    case "DNS_FAILED":
    case "CONNECTION_FAILED":
      return new ActionFailure("ACTION_FAILED", `${target}: ${error.message}`, { retryable: true, cause: error });
  }
}

/** A response header by name, whatever the case of the recorded names. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** The host of a URL for messages (never its path or query, which may hold tokens). */
export function describeTarget(url: string): string {
  return URL.parse(url)?.host || "the destination";
}
