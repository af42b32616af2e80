import { describe, expect, it } from "vitest";
import { jobLockOptions } from "./job-locks.js";

describe("job lock settings", () => {
  it("renew and check every sixth of the lock, so the default takes a dead engine's jobs over within 7 s", () => {
    const options = jobLockOptions(6_000);
    expect(options).toEqual({ lockDuration: 6_000, lockRenewTime: 1_000, stalledInterval: 1_000 });
    expect(options.lockDuration + options.stalledInterval).toBeLessThanOrEqual(7_000);
  });

  it("are whole milliseconds for any lock (Redis refuses a fractional PX)", () => {
    for (const lockMs of [500, 1_000, 1_001, 6_007]) {
      const options = jobLockOptions(lockMs);
      expect(Number.isInteger(options.lockRenewTime) && Number.isInteger(options.stalledInterval), String(lockMs)).toBe(true);
      expect(options.stalledInterval).toBeGreaterThan(0);
    }
  });
});
