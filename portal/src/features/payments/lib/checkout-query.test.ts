import { describe, expect, it } from "vitest";
import type { Plan } from "../../../../../core/contracts/plans";
import { findCheckoutPlan, parseCheckoutQuery } from "./checkout-query";

const query = (search: string) => parseCheckoutQuery(new URLSearchParams(search));

function plan(package_name: string, monthly: number, contact_sales = false): Plan {
  const price = { months: 1, discount_percent: 0, list_cents: monthly, total_cents: monthly, per_month_cents: monthly };
  return {
    package_name,
    display_name: package_name,
    request_limit: 1000,
    rate_limit_per_minute: 60,
    data_limit_bytes: 1,
    max_concurrent_executions: 1,
    max_upload_bytes: 1,
    min_schedule_interval_seconds: 900,
    contact_sales,
    currency: "USD",
    monthly_price_cents: monthly,
    prices: { monthly: price, yearly: price, threeYears: price },
  };
}

describe("parseCheckoutQuery", () => {
  it("names the professional package by its tier and keeps the shown amount in cents", () => {
    expect(query("plan=Professional&tier=100000&period=yearly&amount=190")).toEqual({ packageName: "professional_100000", period: "yearly", shownMonthlyCents: 19000 });
    expect(query("plan=starter&tier=5000&period=monthly&amount=29")).toEqual({ packageName: "starter", period: "monthly", shownMonthlyCents: 2900 });
  });

  it("carries a renewal or plan-change intent and ignores an unknown one", () => {
    expect(query("plan=starter&tier=5000&period=monthly&amount=29&intent=renew")?.intent).toBe("renew");
    expect(query("plan=professional&tier=250000&period=monthly&amount=390&intent=change")?.intent).toBe("change");
    expect(query("plan=starter&tier=5000&period=monthly&amount=29&intent=steal")).not.toHaveProperty("intent");
  });

  it("answers null when a parameter is missing or unreadable", () => {
    for (const search of ["tier=100000&period=yearly&amount=190", "plan=professional&period=yearly&amount=190", "plan=professional&tier=100000&amount=190", "plan=professional&tier=100000&period=yearly", "plan=professional&tier=100000&period=weekly&amount=190", "plan=professional&tier=1e5&period=yearly&amount=190", "plan=../x&tier=1&period=yearly&amount=1"]) {
      expect(query(search), search).toBeNull();
    }
  });
});

describe("a link whose amount is not a price", () => {
  it("keeps the order and marks the amount as not a price, whether negative or text", () => {
    for (const amount of ["-1", "abc", "1e3", "Infinity"]) {
      expect(query(`plan=professional&tier=100000&period=yearly&amount=${amount}`), amount).toEqual({ packageName: "professional_100000", period: "yearly", shownMonthlyCents: null });
    }
  });
});

describe("findCheckoutPlan", () => {
  const plans = [plan("free", 0), plan("starter", 2900), plan("professional_100000", 19000), plan("enterprise", 500000, true)];

  it("finds a paid plan of the catalogue whatever amount the query claims", () => {
    expect(findCheckoutPlan(plans, { packageName: "professional_100000", period: "yearly", shownMonthlyCents: 1 })?.monthly_price_cents).toBe(19000);
  });

  it("refuses free, contact-sales and unknown plans", () => {
    for (const packageName of ["free", "enterprise", "professional_123"]) {
      expect(findCheckoutPlan(plans, { packageName, period: "monthly", shownMonthlyCents: 0 }), packageName).toBeUndefined();
    }
  });
});
