import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../../../../core/errors";
import type { MeterPolicy } from "../../../../../gateway/metering/meter-decisions";
import { refusalHeaders } from "../../../../../core/metering/rate-limit-headers";
import { RATE_LIMITED_EXAMPLE, RATE_LIMIT_HEADERS } from "./rate-limit-examples";

/** The example's header lines, name to value. */
function exampleHeaders(): Map<string, string> {
  const head = RATE_LIMITED_EXAMPLE.slice(0, RATE_LIMITED_EXAMPLE.indexOf("\n\n")).split("\n").slice(1);
  return new Map(head.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]));
}

describe("the rate-limit example of the docs page", () => {
  it("shows exactly the headers the gateway sends for a free plan's 61st request in a minute", () => {
    const resetAtMs = 1795251660 * 1000;
    const now = new Date(resetAtMs - 21_000);
    const minute: MeterPolicy = { name: "minute", resource: "requests-per-minute", limit: 60, used: 60, remaining: 0, resetAtMs, windowSeconds: 60 };
    const month: MeterPolicy = { name: "month", resource: "monthly-quota", limit: 1000, used: 60, remaining: 940, resetAtMs: Date.parse("2026-12-01T00:00:00Z"), windowSeconds: 2_592_000 };
    const sent = refusalHeaders(minute, [minute, month], 21, now);
    // Header names are case-insensitive; the docs show them in their usual spelling.
    const shown = Object.fromEntries([...exampleHeaders()].map(([name, value]) => [name.toLowerCase(), value]));
    expect(shown).toEqual(sent);
  });

  it("explains every header it shows, and its body is the API's error shape", () => {
    expect([...exampleHeaders().keys()].sort()).toEqual(RATE_LIMIT_HEADERS.map(([name]) => name).sort());
    const body = ErrorBodySchema.parse(JSON.parse(RATE_LIMITED_EXAMPLE.slice(RATE_LIMITED_EXAMPLE.indexOf("\n\n"))));
    expect(body.error.code).toBe("RATE_LIMITED");
  });
});
