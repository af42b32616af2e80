import type { Redis } from "./redis.js";

/**
 * Sliding-window counter limiter (the weighted sum of the current and previous fixed windows),
 * checked and counted atomically in one Redis round trip. Both window keys share the caller's
 * hash tag, so a Redis Cluster keeps them on one slot.
 */
const SLIDING_WINDOW_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local elapsed = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local current = tonumber(redis.call("GET", KEYS[1]) or "0")
local previous = tonumber(redis.call("GET", KEYS[2]) or "0")
local estimate = previous * (window - elapsed) / window + current
if cost > 0 and estimate + cost > limit then
  return {0, current, previous}
end
if cost > 0 then
  current = redis.call("INCRBY", KEYS[1], cost)
  redis.call("PEXPIRE", KEYS[1], window * 2)
end
return {1, current, previous}
`;

export interface RateLimitRule {
  /** Names the policy in errors and headers, e.g. "signin-account". */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  rule: RateLimitRule;
  /** Requests counted in the sliding window, including this one when it was admitted. */
  used: number;
  remaining: number;
  /** Whole seconds until one more request would be admitted (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts `cost` (default 1) against the rule for `subject` if that stays within the limit. */
  consume: (rule: RateLimitRule, subject: string, cost?: number, now?: number) => Promise<RateLimitDecision>;
  /** Reports whether one more request would be admitted, counting nothing. */
  peek: (rule: RateLimitRule, subject: string, now?: number) => Promise<RateLimitDecision>;
}

/** The script's KEYS: the current and previous window of `subject` under `rule`, one hash tag for both. */
export function slidingWindowKeys(namespace: string, rule: RateLimitRule, subject: string, windowStart: number): [string, string] {
  const base = `${namespace}:{${rule.name}:${subject}}`;
  return [`${base}:${windowStart}`, `${base}:${windowStart - rule.windowMs}`];
}

export function createRateLimiter(redis: Redis, namespace = "rl"): RateLimiter {
  async function run(rule: RateLimitRule, subject: string, cost: number, now: number): Promise<RateLimitDecision> {
    const windowStart = now - (now % rule.windowMs);
    const elapsed = now - windowStart;
    const result = (await redis.eval(
      SLIDING_WINDOW_SCRIPT,
      2,
      ...slidingWindowKeys(namespace, rule, subject, windowStart),
      rule.limit,
      rule.windowMs,
      elapsed,
      cost,
    )) as [number, number, number];
    const [admittedFlag, current, previous] = result;
    const weighted = slidingWindowCount(current, previous, elapsed, rule.windowMs);
    const admitted = admittedFlag === 1;
    const wouldExceed = weighted + Math.max(cost, 1) > rule.limit;
    const blocked = cost > 0 ? !admitted : wouldExceed;
    const used = Math.ceil(weighted);
    return {
      allowed: !blocked,
      rule,
      used,
      remaining: Math.max(0, rule.limit - used),
      retryAfterSeconds: blocked ? retryAfterSeconds(rule, elapsed, current, previous, Math.max(cost, 1)) : 0,
    };
  }

  return {
    consume: (rule, subject, cost = 1, now = Date.now()) => run(rule, subject, cost, now),
    peek: (rule, subject, now = Date.now()) => run(rule, subject, 0, now),
  };
}

/**
 * The requests a sliding window holds `elapsedMs` into the current fixed window: the current
 * window's count plus the previous one's, weighted by the share of it the sliding window still
 * covers. The Lua scripts (here and gateway/metering/meter-scripts.ts) decide by the same sum.
 */
export function slidingWindowCount(current: number, previous: number, elapsedMs: number, windowMs: number): number {
  return (previous * (windowMs - elapsedMs)) / windowMs + current;
}

/**
 * When the weighted count will have fallen enough to admit `cost`: if the current window alone
 * is full, not before it ends; otherwise when the previous window's weight has decayed enough.
 */
export function retryAfterSeconds(rule: RateLimitRule, elapsed: number, current: number, previous: number, cost: number): number {
  const untilWindowEnd = rule.windowMs - elapsed;
  let waitMs: number;
  if (current + cost > rule.limit) {
    // After this window ends, the current count becomes the previous one and decays in turn.
    const fraction = Math.max(0, 1 - (rule.limit - cost) / Math.max(current, 1));
    waitMs = untilWindowEnd + fraction * rule.windowMs;
  } else {
    const neededWeight = (rule.limit - current - cost) / previous;
    waitMs = Math.max(0, rule.windowMs * (1 - neededWeight) - elapsed);
  }
  return Math.max(1, Math.ceil(waitMs / 1_000));
}
