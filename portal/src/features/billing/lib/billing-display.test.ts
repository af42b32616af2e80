import { describe, expect, it } from "vitest";
import type { BillingSubscription } from "../../../../../core/contracts/billing";
import { findPlan } from "../../../../../core/plans";
import {
  checkoutHref,
  currentPlanOf,
  formatMoney,
  hasPaymentSuccessFlag,
  historyStatusTone,
  invoiceLabel,
  planButtonLabel,
  subscriptionLabel,
  usageView,
} from "./billing-display";

const NONE: BillingSubscription = {
  status: "none",
  plan: null,
  plan_display_name: null,
  period: null,
  amount: null,
  currency: null,
  next_billing_date: null,
  expires_at: null,
  overdue: false,
};
const on = (plan: string, status: BillingSubscription["status"] = "active"): BillingSubscription => ({ ...NONE, status, plan });

describe("subscription display", () => {
  it("reads Active, Inactive or No Plan", () => {
    expect(subscriptionLabel(on("starter"))).toBe("Active");
    expect(subscriptionLabel(on("starter", "expired"))).toBe("Inactive");
    expect(subscriptionLabel(NONE)).toBe("No Plan");
  });

  it("colours history statuses: completed green, pending yellow, failed red, other blue", () => {
    expect(historyStatusTone("completed")).toBe("green");
    expect(historyStatusTone("pending")).toBe("yellow");
    expect(historyStatusTone("failed")).toBe("red");
    expect(historyStatusTone("refunded")).toBe("blue");
  });

  it("shows the invoice number, or # and the first 8 characters of the id", () => {
    expect(invoiceLabel({ id: "0123456789abcdef", invoice: "INV-1" })).toBe("INV-1");
    expect(invoiceLabel({ id: "0123456789abcdef", invoice: "" })).toBe("#01234567");
  });

  it("formats cents and usage", () => {
    expect(formatMoney(182_400)).toBe("$1,824.00");
    expect(usageView({ requests_used: 95_000, requests_limit: 100_000, near_limit: true, reset_date: "" })).toEqual({
      used: "95,000",
      limit: "100,000",
      percent: 95,
      nearLimit: true,
    });
    expect(usageView({ requests_used: 7, requests_limit: null, near_limit: false, reset_date: "" }).limit).toBe("Unlimited");
  });

  it("recognises the payment flags the callback leaves", () => {
    expect(hasPaymentSuccessFlag(new URLSearchParams("success=true&payment_completed=true"))).toBe(true);
    expect(hasPaymentSuccessFlag(new URLSearchParams("section=billing"))).toBe(false);
  });
});

describe("plan button labels (SPEC)", () => {
  const none = currentPlanOf(NONE);
  const pro100k = currentPlanOf(on("professional_100000"));
  const starter = currentPlanOf(on("starter"));
  const enterprise = currentPlanOf(on("enterprise"));

  it("offers Get Started to the unsubscribed, and Contact Sales for Enterprise", () => {
    expect(planButtonLabel("starter", "starter", none)).toBe("Get Started");
    expect(planButtonLabel("professional", "professional_100000", none)).toBe("Get Started");
    expect(planButtonLabel("enterprise", "enterprise", none)).toBe("Contact Sales");
    expect(planButtonLabel("starter", "starter", currentPlanOf(on("starter", "expired")))).toBe("Get Started");
  });

  it("marks the current plan and the Professional volume", () => {
    expect(planButtonLabel("professional", "professional_100000", pro100k)).toBe("Current Plan");
    expect(planButtonLabel("professional", "professional_250000", pro100k)).toBe("Change Plan");
    expect(planButtonLabel("starter", "starter", pro100k)).toBe("Downgrade");
    expect(planButtonLabel("starter", "starter", starter)).toBe("Current Plan");
    expect(planButtonLabel("professional", "professional_100000", starter)).toBe("Upgrade");
    expect(planButtonLabel("enterprise", "enterprise", enterprise)).toBe("Current Plan");
    expect(planButtonLabel("professional", "professional_100000", enterprise)).toBe("Upgrade");
    expect(planButtonLabel("starter", "starter", enterprise)).toBe("Downgrade");
  });

  it("links to checkout with plan, tier, period and monthly dollars", () => {
    const plan = findPlan("professional_100000");
    if (!plan) throw new Error("catalogue");
    expect(checkoutHref(plan, "yearly")).toBe("/checkout?plan=professional&tier=100000&period=yearly&amount=190");
    expect(checkoutHref(plan, "monthly", "Change Plan")).toBe("/checkout?plan=professional&tier=100000&period=monthly&amount=190&intent=change");
    const starter = findPlan("starter");
    if (!starter) throw new Error("catalogue");
    expect(checkoutHref(starter, "threeYears")).toBe("/checkout?plan=starter&tier=5000&period=threeYears&amount=29");
  });
});
