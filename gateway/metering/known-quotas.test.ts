import { describe, expect, it } from "vitest";
import type { KeyContext } from "./key-context.js";
import { createKnownQuotas } from "./known-quotas.js";
import type { MeterDecision, MeterPolicy } from "./meter-decisions.js";

const RESET_MS = Date.parse("2026-12-01T00:00:00Z");
const now = new Date("2026-11-20T10:00:00Z");

function context(userId: string, overrides: Partial<KeyContext> = {}): KeyContext {
  return { keyId: `key_${userId}`, userId, mode: "live", permission: "write", monthlyCap: 100, expiresAt: null, packageName: "free", ratePerMinute: 60, monthlyRequests: 1_000, dataLimitBytes: -1, ...overrides };
}

function decision(quotaUsed: number, keyUsed: number): MeterDecision {
  const policy = (name: MeterPolicy["name"], limit: number, used: number): MeterPolicy => ({ name, resource: name, limit, used, remaining: limit - used, resetAtMs: RESET_MS, windowSeconds: 60 });
  const policies = [policy("minute", 60, 1), policy("month", 1_000, quotaUsed), policy("key-month", 100, keyUsed)];
  return { admitted: true, policies, limiting: policies[0]! };
}

describe("known quotas", () => {
  it("answers the last counts Redis reported, plus the admissions counted since", () => {
    const quotas = createKnownQuotas();
    const account = context("usr_a");
    expect(quotas.knownUsed(account, now)).toEqual({ quota: undefined, key: undefined });
    quotas.remember(account, decision(998, 40));
    quotas.countAdmission(account, now);
    expect(quotas.knownUsed(account, now)).toEqual({ quota: 999, key: 41 });
  });

  it("keeps test-mode and live counts apart, and ignores a key's count once the key has no cap", () => {
    const quotas = createKnownQuotas();
    quotas.remember(context("usr_b"), decision(500, 50));
    expect(quotas.knownUsed(context("usr_b", { mode: "test" }), now).quota).toBeUndefined();
    expect(quotas.knownUsed(context("usr_b", { monthlyCap: null }), now).key).toBeUndefined();
  });

  it("forgets a count once its month has reset", () => {
    const quotas = createKnownQuotas();
    const account = context("usr_c");
    quotas.remember(account, decision(1_000, 100));
    expect(quotas.knownUsed(account, new Date(RESET_MS))).toEqual({ quota: undefined, key: undefined });
  });

  it("holds at most 50,000 accounts, dropping the one recorded first", () => {
    const quotas = createKnownQuotas();
    for (let i = 0; i <= 50_000; i++) quotas.remember(context(`usr_${i}`, { monthlyCap: null }), decision(i, 0));
    expect(quotas.knownUsed(context("usr_0"), now).quota).toBeUndefined();
    expect(quotas.knownUsed(context("usr_1"), now).quota).toBe(1);
    expect(quotas.knownUsed(context("usr_50000"), now).quota).toBe(50_000);
  });
});
