import { describe, expect, it } from "vitest";
import { hasPaymentSuccessFlag, invoiceLabel } from "./billing-display";

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
