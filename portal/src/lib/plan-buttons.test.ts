import { describe, expect, it } from "vitest";
import { NO_SUBSCRIPTION, type BillingSubscription } from "../../../core/contracts/billing";
import { currentPlanOf, planButtonLabel, planButtonTarget } from "./plan-buttons";

const NONE = NO_SUBSCRIPTION;
const on = (plan: string, period: BillingSubscription["period"] = "monthly", status: BillingSubscription["status"] = "active"): BillingSubscription => ({ ...NONE, status, plan, period });

describe("plan button labels (SPEC)", () => {
  const none = currentPlanOf(NONE);
  const pro100k = currentPlanOf(on("professional_100000"));
  const starter = currentPlanOf(on("starter"));
  const enterprise = currentPlanOf(on("enterprise"));

  it("offers Get Started to the unsubscribed, and Contact Sales for Enterprise", () => {
    expect(planButtonLabel("starter", "starter", "monthly", none)).toBe("Get Started");
    expect(planButtonLabel("professional", "professional_100000", "monthly", none)).toBe("Get Started");
    expect(planButtonLabel("enterprise", "enterprise", "monthly", none)).toBe("Contact Sales");
    expect(planButtonLabel("starter", "starter", "monthly", currentPlanOf(on("starter", "monthly", "expired")))).toBe("Get Started");
  });

  it("marks the current plan and the Professional volume", () => {
    expect(planButtonLabel("professional", "professional_100000", "monthly", pro100k)).toBe("Current Plan");
    expect(planButtonLabel("professional", "professional_250000", "monthly", pro100k)).toBe("Change Plan");
    expect(planButtonLabel("starter", "starter", "monthly", pro100k)).toBe("Downgrade");
    expect(planButtonLabel("starter", "starter", "monthly", starter)).toBe("Current Plan");
    expect(planButtonLabel("professional", "professional_100000", "monthly", starter)).toBe("Upgrade");
    expect(planButtonLabel("enterprise", "enterprise", "monthly", enterprise)).toBe("Current Plan");
    expect(planButtonLabel("professional", "professional_100000", "monthly", enterprise)).toBe("Upgrade");
    expect(planButtonLabel("starter", "starter", "monthly", enterprise)).toBe("Downgrade");
  });

  it("is Current Plan only in the period paid for: the same volume yearly is a change", () => {
    expect(planButtonLabel("professional", "professional_100000", "yearly", pro100k)).toBe("Change Plan");
    expect(planButtonLabel("professional", "professional_100000", "yearly", currentPlanOf(on("professional_100000", "yearly")))).toBe("Current Plan");
    expect(planButtonLabel("starter", "starter", "threeYears", starter)).toBe("Change Plan");
    // A plan an administrator assigned has no paid period: it runs monthly.
    expect(planButtonLabel("professional", "professional_100000", "monthly", currentPlanOf(on("professional_100000", null)))).toBe("Current Plan");
  });
});

describe("plan button targets", () => {
  const plan = (package_name: string, request_limit: number, monthly_price_cents: number) => ({ package_name, request_limit, monthly_price_cents });
  const pro100k = plan("professional_100000", 100_000, 100_00);
  const pro250k = plan("professional_250000", 250_000, 300_00);
  const subscriber = currentPlanOf(on("professional_100000"));

  it("sends another Professional volume as a plan change, and the same volume in another period as a purchase", () => {
    expect(planButtonTarget(pro250k, "professional", "monthly", subscriber)).toBe("/checkout?plan=professional&tier=250000&period=monthly&amount=300&intent=change");
    expect(planButtonTarget(pro100k, "professional", "yearly", subscriber)).toBe("/checkout?plan=professional&tier=100000&period=yearly&amount=100");
    expect(planButtonTarget(pro100k, "enterprise", "yearly", subscriber)).toBe("/contact");
  });
});
