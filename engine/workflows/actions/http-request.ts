import type { z } from "zod";
import { type httpRequestAction } from "../../../core/contracts/actions/http-request.js";
import type { OutboundResponse } from "../../../core/outbound/send-outbound.js";
import type { ActionContext } from "./action-context.js";
import { keptHeaders } from "./attempt-response.js";
import { dryRunOutput, redactHeaders, redactUrl, type DryRunOutput } from "./dry-run.js";
import { describeTarget, headerValue } from "./outbound-failures.js";
import { sendStepRequest, stepIdempotencyKey, withDefaultHeaders, type StepRequest } from "./step-request.js";

export type HttpRequestConfig = z.output<typeof httpRequestAction.config>;

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export interface HttpRequestOutput {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is (complete) JSON, else its text. */
  body: unknown;
  /** The body was cut at the response size limit. */
  truncated: boolean;
}

/**
 * The http_request step: one call to the configured URL. The body is sent as JSON with
 * `Content-Type: application/json` unless the config sets a Content-Type; a string body with a
 * non-JSON Content-Type is sent as it is. GET sends no body. Every call carries
 * `Idempotency-Key: {execution_id}:{step}` unless the config sets its own.
 */
export async function runHttpRequest(config: HttpRequestConfig, context: ActionContext): Promise<HttpRequestOutput | DryRunOutput> {
  const request = buildHttpRequest(config, context);
  if (context.mode === "test") {
    return dryRunOutput({
      method: request.method,
      url: redactUrl(request.url),
      headers: redactHeaders(request.headers),
      ...(request.body !== undefined ? { body: config.body } : {}),
    });
  }
  const response = await sendStepRequest(request, context, describeTarget(request.url));
  return {
    status: response.status,
    headers: keptHeaders(response.headers),
    body: readBody(response),
    truncated: response.truncated,
  };
}

export function buildHttpRequest(config: HttpRequestConfig, context: Pick<ActionContext, "executionId" | "stepName">): StepRequest {
  const defaults: Record<string, string> = { "Idempotency-Key": stepIdempotencyKey(context) };
  const sendsBody = config.body !== undefined && config.method !== "GET";
  if (!sendsBody) return { url: config.url, method: config.method, headers: withDefaultHeaders(config.headers, defaults) };

  const headers = withDefaultHeaders(config.headers, { "Content-Type": "application/json", ...defaults });
  const contentType = headerValue(headers, "content-type") ?? "";
  const verbatim = typeof config.body === "string" && !JSON_MEDIA_TYPE.test(contentType);
  return { url: config.url, method: config.method, headers, body: verbatim ? String(config.body) : JSON.stringify(config.body) };
}

function readBody(response: OutboundResponse): unknown {
  const contentType = headerValue(response.headers, "content-type") ?? "";
  if (response.truncated || !JSON_MEDIA_TYPE.test(contentType) || response.body === "") return response.body;
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return response.body;
  }
}
