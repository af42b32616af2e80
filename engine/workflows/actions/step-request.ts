import { sendOutbound, type OutboundMethod, type OutboundResponse } from "../../../core/outbound/send-outbound.js";
import { ActionFailure, type ActionContext } from "./action-context.js";
import { failureFromError, failureFromResponse, isSuccess } from "./outbound-failures.js";

/** One outbound request of a step, before the context adds its timeout, signal and policy. */
export interface StepRequest {
  url: string;
  method: OutboundMethod;
  headers: Record<string, string>;
  body?: string;
}

/**
 * The key a step sends to HTTP targets (DESIGN.md section 6): the same on every attempt of the
 * step and on a resumed run, so a target that honours it applies the call once.
 */
export function stepIdempotencyKey(context: Pick<ActionContext, "executionId" | "stepName">): string {
  return `${context.executionId}:${context.stepName}`;
}

/** `given` plus every default whose name (case-insensitively) it does not already set. */
export function withDefaultHeaders(given: Record<string, string>, defaults: Record<string, string>): Record<string, string> {
  const present = new Set(Object.keys(given).map((name) => name.toLowerCase()));
  const headers = { ...given };
  for (const [name, value] of Object.entries(defaults)) if (!present.has(name.toLowerCase())) headers[name] = value;
  return headers;
}

/**
 * Sends the request under the step's timeout, cancel signal and SSRF policy, and returns a 2xx
 * response; anything else becomes an ActionFailure (see outbound-failures.ts). Every answer is
 * told to the context's onResponse first. `target` names the destination in messages without
 * its path or query.
 */
export async function sendStepRequest(request: StepRequest, context: ActionContext, target: string): Promise<OutboundResponse> {
  assertSendableHeaders(request.headers);
  let response: OutboundResponse;
  try {
    response = await sendOutbound(
      { ...request, timeoutMs: context.timeoutMs, signal: context.signal },
      { allowPrivate: context.config.OUTBOUND_ALLOW_PRIVATE },
    );
  } catch (error) {
    throw failureFromError(error, target, context.timeoutMs);
  }
  context.onResponse(response);
  if (!isSuccess(response.status)) throw failureFromResponse(response, target);
  return response;
}

// Tab, visible ASCII and Latin-1: what an HTTP header value may hold (no line breaks).
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A templated header value with a line break or a character HTTP cannot carry fails the step for good. */
export function assertSendableHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_VALUE.test(value)) {
      throw new ActionFailure("ACTION_FAILED", `The ${name} header holds a line break or a character HTTP headers cannot carry`, { retryable: false });
    }
  }
}
