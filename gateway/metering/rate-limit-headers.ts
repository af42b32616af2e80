import { secondsUntil } from "../../core/metering/calendar.js";
import type { MeterPolicy } from "./meter.js";

/**
 * Headers on every authenticated /v1 answer: the GitHub-style X-RateLimit-* of the most
 * restrictive policy, and the IETF draft pair RateLimit-Policy (every policy) / RateLimit.
 */
export function rateLimitHeaders(limiting: MeterPolicy, policies: MeterPolicy[], now: Date): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(limiting.limit),
    "X-RateLimit-Remaining": String(limiting.remaining),
    "X-RateLimit-Reset": String(Math.ceil(limiting.resetAtMs / 1_000)),
    "X-RateLimit-Used": String(limiting.used),
    "X-RateLimit-Resource": limiting.resource,
    "RateLimit-Policy": policies.map((p) => `"${p.name}";q=${p.limit};w=${p.windowSeconds}`).join(", "),
    RateLimit: `"${limiting.name}";r=${limiting.remaining};t=${secondsUntil(limiting.resetAtMs, now.getTime())}`,
  };
}
