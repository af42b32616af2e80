import { describe, expect, it } from "vitest";
import { checkoutHref, getPricingPlans } from "./pricing-model";

describe("checkoutHref", () => {
  it("links to checkout with plan, tier, period and monthly dollars, and the intent when given", () => {
    const professional = { package_name: "professional_100000", request_limit: 100_000, monthly_price_cents: 123_45 };
    expect(checkoutHref(professional, "yearly")).toBe("/checkout?plan=professional&tier=100000&period=yearly&amount=123.45");
    expect(checkoutHref(professional, "monthly", "change")).toBe("/checkout?plan=professional&tier=100000&period=monthly&amount=123.45&intent=change");
    const starter = { package_name: "starter", request_limit: 5_000, monthly_price_cents: 7_00 };
    expect(checkoutHref(starter, "threeYears")).toBe("/checkout?plan=starter&tier=5000&period=threeYears&amount=7");
  });
});

describe("getPricingPlans", () => {
  it("reads the cards from the served catalogue and leaves out a plan that is not in it", () => {
    const row = (package_name: string) => ({ package_name });
    const plans = getPricingPlans([row("free"), row("professional_250000"), row("professional_100000"), row("enterprise")]);
    expect(plans.starter).toBeUndefined();
    expect(plans.free?.package_name).toBe("free");
    expect(plans.professionalTiers.map((plan) => plan.package_name)).toEqual(["professional_250000", "professional_100000"]);
    expect(plans.enterprise?.package_name).toBe("enterprise");
  });
});
