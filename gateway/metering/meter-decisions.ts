import { nextMonthStart, secondsInMonth, secondsUntil, utcDay, utcMonth } from "../../core/metering/calendar.js";
import type { EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { ratePolicy, type RateLimitPolicy } from "../../core/metering/rate-limit-headers.js";
import { TEST_MODE_LIMITS } from "../../core/plans.js";
import { retryAfterSeconds, slidingWindowCount } from "../../core/rate-limit.js";
import type { KeyContext } from "./key-context.js";

/**
 * The verdicts of the metered path and the policies they report, built from counters: Redis's
 * (meter.ts) or, while Redis is away, the gateway's own (local-meter.ts), so both answer alike.
 */
export const WINDOW_MS = 60_000;

export type PolicyName = "minute" | "month" | "key-month";

export interface MeterPolicy extends RateLimitPolicy {
  name: PolicyName;
}

export type MeterDecision =
  | { admitted: true; policies: MeterPolicy[]; limiting: MeterPolicy }
  | { admitted: false; violated: MeterPolicy; policies: MeterPolicy[]; retryAfterSeconds: number };

export interface MeterRequest {
  context: KeyContext;
  category: EndpointCategory;
  now: Date;
}

export function limitsOf(context: KeyContext) {
  return context.mode === "test"
    ? { perMinute: TEST_MODE_LIMITS.perMinute, perMonth: TEST_MODE_LIMITS.perMonth }
    : { perMinute: context.ratePerMinute, perMonth: context.monthlyRequests };
}

/** What a batch needs of its UTC day's calendar. */
export interface CalendarDay {
  day: string;
  month: string;
  monthEndMs: number;
  monthSeconds: number;
}

export function calendarDayOf(now: Date): CalendarDay {
  return { day: utcDay(now), month: utcMonth(now), monthEndMs: nextMonthStart(now).getTime(), monthSeconds: secondsInMonth(now) };
}

export interface Outcome {
  /** The script's digit for this request: 1 admitted, 0 rate limited, 2 quota, 3 key cap. */
  status: number;
  windowStart: number;
  /** Counters after this request (counted only when admitted). */
  current: number;
  previous: number;
  quota: number;
  keyCount: number;
  monthEndMs: number;
  monthSeconds: number;
}

/** The policies and verdict of one request from the counters left after it. */
export function decide({ context, now }: MeterRequest, outcome: Outcome): MeterDecision {
  const { status, windowStart, current, previous, quota, keyCount, monthEndMs, monthSeconds } = outcome;
  const limits = limitsOf(context);
  const elapsed = now.getTime() - windowStart;
  const weightedRate = Math.ceil(slidingWindowCount(current, previous, elapsed, WINDOW_MS));
  const policies: MeterPolicy[] = [ratePolicy("minute", "requests-per-minute", limits.perMinute, weightedRate, windowStart + WINDOW_MS, WINDOW_MS / 1_000)];
  if (limits.perMonth >= 0) policies.push(ratePolicy("month", "monthly-quota", limits.perMonth, quota, monthEndMs, monthSeconds));
  if (context.monthlyCap !== null) policies.push(ratePolicy("key-month", "key-monthly-cap", context.monthlyCap, keyCount, monthEndMs, monthSeconds));

  if (status === 1) {
    let limiting = policies[0]!;
    for (const p of policies) if (p.remaining < limiting.remaining) limiting = p;
    return { admitted: true, policies, limiting };
  }
  const violatedName: PolicyName = status === 0 ? "minute" : status === 2 ? "month" : "key-month";
  const violated = policies.find((p) => p.name === violatedName) ?? policies[0]!;
  const retryAfter =
    violatedName === "minute"
      ? retryAfterSeconds({ name: "minute", limit: limits.perMinute, windowMs: WINDOW_MS }, elapsed, current, previous, 1)
      : secondsUntil(monthEndMs, now.getTime());
  return { admitted: false, violated, policies, retryAfterSeconds: retryAfter };
}
