import { utcDay } from "../../core/metering/calendar.js";
import type { EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { slidingWindowCount } from "../../core/rate-limit.js";
import type { KeyContext } from "./key-context.js";
import { createKnownQuotas } from "./known-quotas.js";
import { WINDOW_MS, calendarDayOf, decide, limitsOf, type MeterDecision } from "./meter-decisions.js";

export interface PendingUsage {
  context: KeyContext;
  category: EndpointCategory;
  day: string;
  count: number;
}

/**
 * What a gateway does while Redis is unreachable: a per-account sliding-window rate limit in
 * this process; the monthly quota and key caps as far as this gateway knows them (the counts of
 * Redis's last decisions plus its own admissions since: an account or key last known at its
 * limit stays refused); and a tally of admitted requests to replay into Redis when it returns,
 * so no usage is lost. Its verdicts read like Redis's (same policies, codes and Retry-After).
 */
export function createLocalMeter() {
  const windows = new Map<string, { start: number; current: number; previous: number }>();
  const pending = new Map<string, PendingUsage>();
  const quotas = createKnownQuotas();

  return {
    /** Takes note of a decision Redis made (the monthly counts to fall back on). */
    remember: quotas.remember,
    admit(context: KeyContext, category: EndpointCategory, now: Date): MeterDecision {
      const limits = limitsOf(context);
      const start = now.getTime() - (now.getTime() % WINDOW_MS);
      const id = `${context.userId}:${context.mode}`;
      let window = windows.get(id);
      if (!window || window.start !== start) {
        window = { start, current: 0, previous: window && window.start === start - WINDOW_MS ? window.current : 0 };
        windows.set(id, window);
      }
      const elapsed = now.getTime() - start;
      const known = quotas.knownUsed(context, now);
      // The script's order and digits: 0 rate limited, 2 quota exhausted, 3 key cap reached, 1 admitted.
      let status = 1;
      if (slidingWindowCount(window.current, window.previous, elapsed, WINDOW_MS) + 1 > limits.perMinute) status = 0;
      else if (limits.perMonth >= 0 && known.quota !== undefined && known.quota + 1 > limits.perMonth) status = 2;
      else if (context.monthlyCap !== null && known.key !== undefined && known.key + 1 > context.monthlyCap) status = 3;
      if (status === 1) {
        window.current++;
        quotas.countAdmission(context, now);
        const day = utcDay(now);
        const tallyId = `${context.keyId}:${category}:${day}`;
        const tally = pending.get(tallyId) ?? { context, category, day, count: 0 };
        tally.count++;
        pending.set(tallyId, tally);
      }
      const { monthEndMs, monthSeconds } = calendarDayOf(now);
      const counted = status === 1 ? 1 : 0;
      return decide(
        { context, category, now },
        { status, windowStart: start, current: window.current, previous: window.previous, quota: (known.quota ?? 0) + counted, keyCount: (known.key ?? 0) + counted, monthEndMs, monthSeconds },
      );
    },
    /** Hands over the tally to replay, emptying it. */
    drain(): PendingUsage[] {
      const entries = [...pending.values()];
      pending.clear();
      return entries;
    },
    /** Puts back what could not be replayed. */
    restore(entries: PendingUsage[]): void {
      for (const entry of entries) {
        const id = `${entry.context.keyId}:${entry.category}:${entry.day}`;
        const existing = pending.get(id);
        if (existing) existing.count += entry.count;
        else pending.set(id, { ...entry });
      }
    },
  };
}

export type LocalMeter = ReturnType<typeof createLocalMeter>;
