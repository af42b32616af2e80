/**
 * A Retry-After header (RFC 9110 section 10.2.3) as milliseconds to wait from `now`:
 * delay-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`; one in the past is 0).
 * Undefined when absent or unreadable: a signed or fractional number, or a date without its day
 * and month names, is not one of the two forms (Date.parse would take "-5" for a year).
 * Webhook retries, workflow actions and the portal's API client all read it here.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}
