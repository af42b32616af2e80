import { secondsUntil } from "../../core/metering/calendar.js";
import type { MeterPolicy } from "./meter-decisions.js";

/**
 * Headers on every authenticated /v1 answer: the GitHub-style X-RateLimit-* of the most
 * restrictive policy, and the IETF draft pair RateLimit-Policy (every policy) / RateLimit.
 * Lower-case names: a metered answer carries them as response defaults.
 */
export function rateLimitHeaders(limiting: MeterPolicy, policies: MeterPolicy[], now: Date): Record<Lowercase<string>, string> {
  return {
    "x-ratelimit-limit": String(limiting.limit),
    "x-ratelimit-remaining": String(limiting.remaining),
    "x-ratelimit-reset": String(Math.ceil(limiting.resetAtMs / 1_000)),
    "x-ratelimit-used": String(limiting.used),
    "x-ratelimit-resource": limiting.resource,
    "ratelimit-policy": policies.map((p) => `"${p.name}";q=${p.limit};w=${p.windowSeconds}`).join(", "),
    ratelimit: `"${limiting.name}";r=${limiting.remaining};t=${secondsUntil(limiting.resetAtMs, now.getTime())}`,
  };
}
