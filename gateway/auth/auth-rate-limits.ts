import { createHash } from "node:crypto";
import { AppError } from "../../core/errors.js";
import type { RateLimiter, RateLimitRule } from "../../core/rate-limit.js";

/** Brute-force limits of the account endpoints, per account and per client address. */
export const AUTH_RATE_RULES = {
  /** Failed sign-ins for one account: the 11th attempt in 15 minutes is refused. */
  signInFailuresPerAccount: { name: "signin-account", limit: 10, windowMs: 15 * 60_000 },
  signInFailuresPerAddress: { name: "signin-address", limit: 50, windowMs: 15 * 60_000 },
  signUpsPerAddress: { name: "signup-address", limit: 20, windowMs: 60 * 60_000 },
  /** Sign-up, confirmation re-sends and password resets that e-mail one address. */
  emailsPerAccount: { name: "email-account", limit: 5, windowMs: 60 * 60_000 },
  emailsPerAddress: { name: "email-address", limit: 30, windowMs: 60 * 60_000 },
  linkUsesPerAddress: { name: "link-address", limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** Rate-limit subject for an account: a digest, so no e-mail address is written to Redis. */
export function accountSubject(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

type Check = readonly [RateLimitRule, string];

function refuse(rule: RateLimitRule, retryAfterSeconds: number): never {
  throw new AppError("RATE_LIMITED", `Too many attempts (${rule.name}). Try again in ${retryAfterSeconds} seconds.`, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/** Counts one attempt against every check; refuses (429) if any is over its limit. */
export async function consumeAttempt(limiter: RateLimiter, checks: readonly Check[]): Promise<void> {
  for (const [rule, subject] of checks) {
    const decision = await limiter.consume(rule, subject);
    if (!decision.allowed) refuse(rule, decision.retryAfterSeconds);
  }
}

/** Refuses (429) when a check is already at its limit, counting nothing. */
export async function assertUnderLimit(limiter: RateLimiter, checks: readonly Check[]): Promise<void> {
  for (const [rule, subject] of checks) {
    const decision = await limiter.peek(rule, subject);
    if (!decision.allowed) refuse(rule, decision.retryAfterSeconds);
  }
}

/** Counts a failure without refusing: the next attempt's check decides. */
export async function countFailure(limiter: RateLimiter, checks: readonly Check[]): Promise<void> {
  await Promise.all(checks.map(([rule, subject]) => limiter.consume(rule, subject)));
}
