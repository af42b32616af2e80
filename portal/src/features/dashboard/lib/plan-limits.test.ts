import { describe, expect, it } from "vitest";
import { NO_SUBSCRIPTION, type BillingOverview } from "../../../../../core/contracts/billing";
import type { Plan } from "../../../../../core/contracts/plans";
import { PLAN_CATALOGUE } from "../../../../../core/plans";
import { planLimitsView } from "./plan-limits";

const price = { months: 1, discount_percent: 0, list_cents: 0, total_cents: 0, per_month_cents: 0 };
const plans: Plan[] = PLAN_CATALOGUE.map((plan) => ({ ...plan, currency: "USD", prices: { monthly: price, yearly: price, threeYears: price } }));

function overview(subscription: Partial<BillingOverview["subscription"]>, limit: number | null): BillingOverview {
  return {
    subscription: { ...NO_SUBSCRIPTION, ...subscription },
    scheduled_change: null,
    usage: { requests_used: 0, requests_limit: limit, near_limit: false, reset_date: "2025-07-01" },
    history: [],
    timeline: [],
  };
}

describe("the rate-limit card's figures", () => {
  it("are the Free plan's without a running plan", () => {
    expect(planLimitsView(overview({}, 1_000), plans)).toEqual({ planName: "Free", requestsPerMonth: "1,000", requestsPerMinute: "60", concurrentExecutions: "2", scheduleInterval: "15 minutes" });
    expect(planLimitsView(overview({ status: "expired", plan: "starter" }, 1_000), plans).planName).toBe("Free");
  });

  it("are the running plan's, with the account's own monthly allowance", () => {
    const view = planLimitsView(overview({ status: "active", plan: "professional_100000" }, 120_000), plans);
    expect(view).toEqual({ planName: "Professional 100K", requestsPerMonth: "120,000", requestsPerMinute: "600", concurrentExecutions: "20", scheduleInterval: "1 minute" });
  });

  it("say Unlimited for an unlimited allowance", () => {
    expect(planLimitsView(overview({ status: "active", plan: "enterprise" }, null), plans).requestsPerMonth).toBe("Unlimited");
  });
});
