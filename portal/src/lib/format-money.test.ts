import { describe, expect, it } from "vitest";
import { formatMoney } from "./format-money";

describe("formatMoney", () => {
  it("formats integer cents as dollars", () => {
    expect(formatMoney(182_400)).toBe("$1,824.00");
    expect(formatMoney(0)).toBe("$0.00");
  });

  it("writes an unknown currency code after the amount", () => {
    expect(formatMoney(1_250, "not a currency")).toBe("12.50 not a currency");
  });
});
