import { describe, expect, it } from "vitest";
import { retryAfterCases } from "../testing/retry-after-cases.js";
import { parseRetryAfter } from "./retry-after.js";

describe("parseRetryAfter", () => {
  it("reads delay-seconds and HTTP dates, and nothing else", () => {
    const now = new Date("2026-11-21T09:00:00Z");
    for (const { header, waitMs } of retryAfterCases(now)) expect(parseRetryAfter(header, now), `Retry-After: ${header}`).toBe(waitMs);
  });

  it("reads the dates of the RFC's example form exactly", () => {
    const now = new Date("2026-11-21T09:00:00Z");
    expect(parseRetryAfter("Sat, 21 Nov 2026 09:05:00 GMT", now)).toBe(300_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
