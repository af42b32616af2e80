import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmountNumber, centsToAmountString } from "./pesapal-amounts.js";

describe("amountToCents", () => {
  it.each([
    ["100.00", 10_000],
    [100, 10_000],
    ["1,000.50", 100_050],
    ["1,234,567.8", 123_456_780],
    [19.99, 1_999],
    ["0.29", 29],
    [0.3, 30],
    [1.01, 101],
    [1_200.07, 120_007],
    ["  29  ", 2_900],
    ["29.000", 2_900],
    [0, 0],
  ])("reads %j as %i cents", (value, cents) => {
    expect(amountToCents(value)).toBe(cents);
  });

  it.each(["", "abc", "100,50", "1,00.00", "-5", "10.001", "1e3", "12.3.4", "$10"])("refuses %j", (value) => {
    expect(amountToCents(value)).toBeNull();
  });

  it("refuses negative, fractional-cent and non-finite numbers", () => {
    expect(amountToCents(-1)).toBeNull();
    expect(amountToCents(0.001)).toBeNull();
    expect(amountToCents(Number.NaN)).toBeNull();
    expect(amountToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("reads every two-decimal amount to 100,000.00 exactly, as number and as string", () => {
    const misread: number[] = [];
    for (let cents = 0; cents <= 10_000_000; cents += 7) {
      if (amountToCents(cents / 100) !== cents || amountToCents(centsToAmountString(cents)) !== cents) misread.push(cents);
    }
    expect(misread).toEqual([]);
  });
});

describe("cents to Pesapal amounts", () => {
  it("writes fixed two-decimal strings", () => {
    expect(centsToAmountString(1_999)).toBe("19.99");
    expect(centsToAmountString(10_000)).toBe("100.00");
    expect(centsToAmountString(5)).toBe("0.05");
  });

  it("writes numbers whose JSON is the exact decimal", () => {
    expect(JSON.stringify({ amount: centsToAmountNumber(1_999) })).toBe('{"amount":19.99}');
    expect(JSON.stringify({ amount: centsToAmountNumber(69_000) })).toBe('{"amount":690}');
  });

  it("refuses fractional or negative cents", () => {
    expect(() => centsToAmountString(1.5)).toThrow(RangeError);
    expect(() => centsToAmountNumber(-100)).toThrow(RangeError);
  });
});
