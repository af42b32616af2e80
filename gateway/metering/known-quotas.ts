import type { KeyContext } from "./key-context.js";
import type { MeterDecision } from "./meter-decisions.js";

/**
 * The monthly counts this gateway last saw from Redis: per account and mode (the quota) and per
 * key with a cap. While Redis is away the local meter refuses an account or key known to be at
 * its limit, and counts its own admissions on top, so an account near its limit does not go far
 * past it (docs/decisions/0018-metering-survives-redis-loss.md).
 *
 * Bounded: an entry is dropped once its month has reset, and when a map is full the entry added
 * first makes room (an account unseen the longest is the one least likely to call again).
 */
interface KnownCount {
  used: number;
  resetAtMs: number;
}

const MAX_ENTRIES = 50_000;

function record(map: Map<string, KnownCount>, id: string, used: number, resetAtMs: number): void {
  const entry = map.get(id);
  if (entry) {
    // Updated in place: this runs for every request Redis decides.
    entry.used = used;
    entry.resetAtMs = resetAtMs;
    return;
  }
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value ?? "");
  map.set(id, { used, resetAtMs });
}

function currentEntry(map: Map<string, KnownCount>, id: string, nowMs: number): KnownCount | undefined {
  const entry = map.get(id);
  if (entry && entry.resetAtMs <= nowMs) {
    map.delete(id);
    return undefined;
  }
  return entry;
}

export function createKnownQuotas() {
  const accounts = { live: new Map<string, KnownCount>(), test: new Map<string, KnownCount>() };
  // By key id alone: only keys with a cap are recorded, and the pseudo key of inbound hooks has none.
  const keys = new Map<string, KnownCount>();

  return {
    /** Takes note of the monthly counts in a decision Redis made. */
    remember(context: KeyContext, decision: MeterDecision): void {
      for (const policy of decision.policies) {
        if (policy.name === "month") record(accounts[context.mode], context.userId, policy.used, policy.resetAtMs);
        else if (policy.name === "key-month") record(keys, context.keyId, policy.used, policy.resetAtMs);
      }
    },
    /** This month's last known counts of the account and the key (undefined: not known). */
    knownUsed(context: KeyContext, now: Date): { quota: number | undefined; key: number | undefined } {
      const nowMs = now.getTime();
      return {
        quota: currentEntry(accounts[context.mode], context.userId, nowMs)?.used,
        key: context.monthlyCap === null ? undefined : currentEntry(keys, context.keyId, nowMs)?.used,
      };
    },
    /** Adds a request admitted without Redis to the known counts. */
    countAdmission(context: KeyContext, now: Date): void {
      const nowMs = now.getTime();
      const quota = currentEntry(accounts[context.mode], context.userId, nowMs);
      if (quota) quota.used++;
      const key = context.monthlyCap === null ? undefined : currentEntry(keys, context.keyId, nowMs);
      if (key) key.used++;
    },
  };
}

export type KnownQuotas = ReturnType<typeof createKnownQuotas>;
