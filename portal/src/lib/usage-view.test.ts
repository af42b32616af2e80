import { describe, expect, it } from "vitest";
import { usageView } from "./usage-view";

describe("usageView", () => {
  it("shows requests used against the quota, rounded down, and the near-limit flag", () => {
    expect(usageView({ requests_used: 95_000, requests_limit: 100_000, near_limit: true, reset_date: "" })).toEqual({
      used: "95,000",
      limit: "100,000",
      percent: 95,
      nearLimit: true,
    });
  });

  it("has no percentage for an unlimited plan", () => {
    expect(usageView({ requests_used: 7, requests_limit: null, near_limit: false, reset_date: "" })).toMatchObject({ limit: "Unlimited", percent: null });
  });
});
