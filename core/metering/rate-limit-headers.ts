import { secondsUntil } from "./calendar.js";

/**
 * A limit as the quota headers report it (DESIGN.md section 4): the request meter's policies
 * (gateway/metering/meter-decisions.ts) and the data allowance (data-meter.ts) alike, so a
 * client reads every 429 the same way whichever meter refused.
 */
export interface RateLimitPolicy {
  /** Names the policy in RateLimit-Policy and RateLimit. */
  name: string;
  /** X-RateLimit-Resource value. */
  resource: string;
  limit: number;
  used: number;
  remaining: number;
  /** When the policy's count resets, in epoch milliseconds (a number: one fewer object per policy and request). */
  resetAtMs: number;
  windowSeconds: number;
}

/** A policy from its count: `used` is reported up to the limit, `remaining` never below 0. */
export function ratePolicy<Name extends string>(name: Name, resource: string, limit: number, used: number, resetAtMs: number, windowSeconds: number) {
  return { name, resource, limit, used: Math.min(used, limit), remaining: Math.max(0, limit - used), resetAtMs, windowSeconds };
}

/**
 * Headers on every authenticated /v1 answer: the GitHub-style X-RateLimit-* of the most
 * restrictive policy, and the IETF draft pair RateLimit-Policy (every policy) / RateLimit.
 * Lower-case names: a metered answer carries them as response defaults.
 */
export function rateLimitHeaders(limiting: RateLimitPolicy, policies: readonly RateLimitPolicy[], now: Date): Record<Lowercase<string>, string> {
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

/** The headers of a 429: those of the violated policy, and Retry-After in whole seconds. */
export function refusalHeaders(violated: RateLimitPolicy, policies: readonly RateLimitPolicy[], retryAfterSeconds: number, now: Date): Record<Lowercase<string>, string> {
  return { ...rateLimitHeaders(violated, policies, now), "retry-after": String(retryAfterSeconds) };
}
