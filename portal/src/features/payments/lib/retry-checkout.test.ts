import { describe, expect, it } from "vitest";
import { RETRY_WITHOUT_ORDER, retryCheckoutHref } from "./retry-checkout";

describe("the callback's Try Again", () => {
  const plans = [
    { package_name: "starter", request_limit: 5_000, monthly_price_cents: 12_00 },
    { package_name: "professional_250000", request_limit: 250_000, monthly_price_cents: 345_00 },
  ];

  it("goes back to checkout with the failed payment's plan and period, at the current price", () => {
    expect(retryCheckoutHref({ plan: "professional_250000", period: "yearly" }, plans)).toBe("/checkout?plan=professional&tier=250000&period=yearly&amount=345");
    expect(retryCheckoutHref({ plan: "starter", period: "threeYears" }, plans)).toBe("/checkout?plan=starter&tier=5000&period=threeYears&amount=12");
  });

  it("goes to the plan picker when the order or its plan is unknown", () => {
    expect(retryCheckoutHref(null, plans)).toBe(RETRY_WITHOUT_ORDER);
    expect(retryCheckoutHref({ plan: "starter", period: "monthly" }, null)).toBe(RETRY_WITHOUT_ORDER);
    expect(retryCheckoutHref({ plan: "withdrawn", period: "monthly" }, plans)).toBe(RETRY_WITHOUT_ORDER);
  });
});
