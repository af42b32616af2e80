import { describe, expect, it } from "vitest";
import { NO_SUBSCRIPTION, type BillingSubscription } from "../../../../../core/contracts/billing";
import { currentPlanOf, hasPaymentSuccessFlag, invoiceLabel, planButtonLabel } from "./billing-display";

const NONE = NO_SUBSCRIPTION;
const on = (plan: string, status: BillingSubscription["status"] = "active"): BillingSubscription => ({ ...NONE, status, plan });

describe("billing display", () => {
  it("shows the invoice number, or # and the first 8 characters of the id", () => {
    expect(invoiceLabel({ id: "0123456789abcdef", invoice: "INV-1" })).toBe("INV-1");
    expect(invoiceLabel({ id: "0123456789abcdef", invoice: "" })).toBe("#01234567");
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
});
