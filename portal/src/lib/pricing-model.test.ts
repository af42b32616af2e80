import { describe, expect, it } from "vitest";
import { findPlan } from "../../../core/plans";
import { checkoutHref } from "./pricing-model";

describe("checkoutHref", () => {
  it("links to checkout with plan, tier, period and monthly dollars, and the intent when given", () => {
    const plan = findPlan("professional_100000");
    if (!plan) throw new Error("catalogue");
    expect(checkoutHref(plan, "yearly")).toBe("/checkout?plan=professional&tier=100000&period=yearly&amount=190");
    expect(checkoutHref(plan, "monthly", "change")).toBe("/checkout?plan=professional&tier=100000&period=monthly&amount=190&intent=change");
    const starter = findPlan("starter");
    if (!starter) throw new Error("catalogue");
    expect(checkoutHref(starter, "threeYears")).toBe("/checkout?plan=starter&tier=5000&period=threeYears&amount=29");
  });
});
