import { utcDay } from "../../core/metering/calendar.js";
import type { EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { TEST_MODE_LIMITS } from "../../core/plans.js";
import type { KeyContext } from "./key-context.js";

const WINDOW_MS = 60_000;

export interface PendingUsage {
  context: KeyContext;
  category: EndpointCategory;
  day: string;
  count: number;
}

/**
 * What a gateway does while Redis is unreachable: a per-account sliding-window rate limit in
 * this process (monthly quotas cannot be checked without the shared counters), and a tally of
 * admitted requests to replay into Redis when it returns, so no usage is lost.
 */
export function createLocalMeter() {
  const windows = new Map<string, { start: number; current: number; previous: number }>();
  const pending = new Map<string, PendingUsage>();

  return {
    admit(context: KeyContext, category: EndpointCategory, now: Date): boolean {
      const limit = context.mode === "test" ? TEST_MODE_LIMITS.perMinute : context.ratePerMinute;
      const start = now.getTime() - (now.getTime() % WINDOW_MS);
      const id = `${context.userId}:${context.mode}`;
      let window = windows.get(id);
      if (!window || window.start !== start) {
        window = { start, current: 0, previous: window && window.start === start - WINDOW_MS ? window.current : 0 };
        windows.set(id, window);
      }
      const elapsed = now.getTime() - start;
      if ((window.previous * (WINDOW_MS - elapsed)) / WINDOW_MS + window.current + 1 > limit) return false;
      window.current++;
      const day = utcDay(now);
      const tallyId = `${context.keyId}:${category}:${day}`;
      const tally = pending.get(tallyId) ?? { context, category, day, count: 0 };
      tally.count++;
      pending.set(tallyId, tally);
      return true;
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
