import { describe, expect, it } from "vitest";
import { admittedPerSecond } from "./cluster-bench.js";

describe("admittedPerSecond", () => {
  it("counts only the 2xx share of the answers per second", () => {
    expect(admittedPerSecond({ rps: 1_000, requests: 10_000, non2xx: 0, errors: 0 })).toBe(1_000);
    expect(admittedPerSecond({ rps: 1_000, requests: 10_000, non2xx: 2_000, errors: 500 })).toBe(750);
  });

  it("is 0 without requests", () => {
    expect(admittedPerSecond({ rps: 0, requests: 0, non2xx: 0, errors: 0 })).toBe(0);
  });
});
