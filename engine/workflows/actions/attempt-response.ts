import { ATTEMPT_BODY_EXCERPT_BYTES, KEPT_RESPONSE_HEADERS, type AttemptResponse } from "../../../core/contracts/step-attempts.js";
import type { OutboundResponse } from "../../../core/outbound/send-outbound.js";
import { headerValue } from "./outbound-failures.js";

/** The response headers worth keeping (an allow-list: cookies and credentials never are). */
export function keptHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = headerValue(headers, name);
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/** What an attempt keeps of a target's answer: its status, the kept headers and the start of its body. */
export function excerptResponse(response: OutboundResponse): AttemptResponse {
  const excerpt = utf8Prefix(response.body, ATTEMPT_BODY_EXCERPT_BYTES);
  return { status: response.status, headers: keptHeaders(response.headers), body_excerpt: excerpt, body_truncated: response.truncated || excerpt.length < response.body.length };
}

/** The longest start of `text` that fits in `maxBytes` of UTF-8 without splitting a character. */
export function utf8Prefix(text: string, maxBytes: number): string {
  // A UTF-16 unit takes one to three bytes: a text this short fits without counting, and the
  // prefix of a longer one lies within its first maxBytes units (only those are encoded).
  if (text.length * 3 <= maxBytes) return text;
  const head = text.length > maxBytes ? text.slice(0, maxBytes) : text;
  const bytes = Buffer.from(head, "utf8");
  if (bytes.length <= maxBytes) return head;
  let end = maxBytes;
  // Back off continuation bytes (10xxxxxx) to the start of the character cut in two.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString("utf8");
}
