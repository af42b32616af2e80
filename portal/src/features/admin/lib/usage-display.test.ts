import { describe, expect, it } from "vitest";
import { exceedsLimit, formatLimit, remainingRequests, usagePercent, usageTone } from "./usage-display";

describe("usage bar tone", () => {
  it("is red only above 90 % of the limit", () => {
    expect(usageTone(901, 1_000)).toBe("red");
    expect(usageTone(900, 1_000)).toBe("yellow");
    expect(usageTone(5_000, 1_000)).toBe("red");
  });

  it("is yellow above 70 % and normal at or below", () => {
    expect(usageTone(701, 1_000)).toBe("yellow");
    expect(usageTone(700, 1_000)).toBe("normal");
    expect(usageTone(0, 1_000)).toBe("normal");
  });

  it("is normal when unlimited and red for a zero allowance", () => {
    expect(usageTone(10_000_000, null)).toBe("normal");
    expect(usageTone(0, 0)).toBe("red");
  });

  it("caps the bar's width at 100 %", () => {
    expect(usagePercent(250, 1_000)).toBe(25);
    expect(usagePercent(3_000, 1_000)).toBe(100);
    expect(usagePercent(3_000, null)).toBeNull();
  });
});

describe("remaining requests", () => {
  it("is the limit less the usage, never negative, null when unlimited", () => {
    expect(remainingRequests(400, 1_000)).toBe(600);
    expect(remainingRequests(1_200, 1_000)).toBe(0);
    expect(remainingRequests(1_200, null)).toBeNull();
  });

  it("shows an unlimited allowance as Unlimited", () => {
    expect(formatLimit(null)).toBe("Unlimited");
    expect(formatLimit(100_000)).toBe("100,000");
  });
});

describe("the over-limit warning", () => {
  it("shows when the count is above a positive limit", () => {
    expect(exceedsLimit(1_001, 1_000)).toBe(true);
    expect(exceedsLimit(1_000, 1_000)).toBe(false);
  });

  it("never shows for an unlimited or non-positive limit, or no count", () => {
    expect(exceedsLimit(5_000_000, null)).toBe(false);
    expect(exceedsLimit(10, 0)).toBe(false);
    expect(exceedsLimit(10, -1)).toBe(false);
    expect(exceedsLimit(Number.NaN, 1_000)).toBe(false);
  });
});
