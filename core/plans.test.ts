import { describe, expect, it } from "vitest";
import { BILLING_PERIODS, PLAN_CATALOGUE, formatUsd, planForAmount, quotePrice } from "./plans.js";

describe("quotePrice", () => {
  it("charges one month at list price for the monthly period", () => {
    expect(quotePrice(29_00, "monthly")).toEqual({
      period: "monthly",
      months: 1,
      discountPercent: 0,
      listCents: 29_00,
      subtotalCents: 29_00,
      perMonthCents: 29_00,
      discountCents: 0,
      taxCents: 0,
      totalCents: 29_00,
    });
  });

  it("charges twelve months at 20 % off for the yearly period", () => {
    const quote = quotePrice(29_00, "yearly");
    expect(quote).toMatchObject({ months: 12, discountPercent: 20, listCents: 348_00, subtotalCents: 278_40, totalCents: 278_40 });
    expect(quote.perMonthCents).toBe(23_20);
  });

  it("charges thirty-six months at 40 % off for the three-year period", () => {
    const quote = quotePrice(29_00, "threeYears");
    expect(quote).toMatchObject({ months: 36, discountPercent: 40, listCents: 1_044_00, subtotalCents: 626_40, totalCents: 626_40 });
    expect(quote.perMonthCents).toBe(17_40);
  });

  it("prices the $190 plan at $190, $1,824 and $4,104 for the three periods", () => {
    expect(quotePrice(190_00, "monthly").totalCents).toBe(190_00);
    expect(quotePrice(190_00, "yearly").totalCents).toBe(1_824_00);
    expect(quotePrice(190_00, "threeYears").totalCents).toBe(4_104_00);
  });

  it("subtracts a proration credit from the total", () => {
    const quote = quotePrice(190_00, "monthly", { creditCents: 50_00 });
    expect(quote.discountCents).toBe(50_00);
    expect(quote.totalCents).toBe(140_00);
  });

  it("caps the credit at the subtotal so the total never goes below zero", () => {
    const quote = quotePrice(29_00, "monthly", { creditCents: 100_00 });
    expect(quote.discountCents).toBe(29_00);
    expect(quote.totalCents).toBe(0);
  });

  it("ignores a negative credit", () => {
    expect(quotePrice(29_00, "monthly", { creditCents: -5_00 })).toMatchObject({ discountCents: 0, totalCents: 29_00 });
  });

  it.each([-1, 29.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects a monthly price of %s cents", (price) => {
    expect(() => quotePrice(price, "monthly")).toThrow(RangeError);
  });

  it("quotes whole cents for every catalogue plan and period", () => {
    for (const plan of PLAN_CATALOGUE) {
      for (const period of BILLING_PERIODS) {
        const quote = quotePrice(plan.monthly_price_cents, period);
        for (const value of [quote.listCents, quote.subtotalCents, quote.perMonthCents, quote.totalCents]) {
          expect(Number.isSafeInteger(value), `${plan.package_name} ${period}`).toBe(true);
        }
      }
    }
  });
});

describe("formatUsd", () => {
  it("formats cents as dollars with two decimals and thousands separators", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(29_00)).toBe("$29.00");
    expect(formatUsd(1_234_50)).toBe("$1,234.50");
    expect(formatUsd(278_40)).toBe("$278.40");
  });

  it("rounds to whole dollars when asked", () => {
    expect(formatUsd(23_20, { wholeDollars: true })).toBe("$23");
    expect(formatUsd(1_234_50, { wholeDollars: true })).toBe("$1,235");
    expect(formatUsd(5_000_00, { wholeDollars: true })).toBe("$5,000");
  });
});

describe("planForAmount (SPEC 9: the amount table)", () => {
  const row = (package_name: string, monthly_price_cents: number, contact_sales = false) => ({ package_name, monthly_price_cents, contact_sales });
  const catalogue = [row("free", 0), row("starter", 10_00), row("pro_a", 100_00), row("pro_b", 300_00), row("enterprise", 900_00, true)];
  const planOf = (cents: number) => planForAmount(cents, catalogue)?.package_name;

  it("gives the plan with the highest monthly price the amount reaches, never a free or sales-only plan", () => {
    expect(planOf(100_00)).toBe("pro_a");
    expect(planOf(299_99)).toBe("pro_a");
    expect(planOf(300_00)).toBe("pro_b");
    expect(planOf(5_000_00)).toBe("pro_b");
  });

  it("gives the cheapest sold plan below them all, and nothing when nothing is sold", () => {
    expect(planOf(1_00)).toBe("starter");
    expect(planForAmount(50_00, [row("free", 0), row("enterprise", 900_00, true)])).toBeUndefined();
  });

  it("follows a changed price", () => {
    const repriced = catalogue.map((plan) => (plan.package_name === "pro_a" ? { ...plan, monthly_price_cents: 150_00 } : plan));
    expect(planForAmount(100_00, repriced)?.package_name).toBe("starter");
    expect(planForAmount(150_00, repriced)?.package_name).toBe("pro_a");
  });
});
