import { describe, expect, it } from "vitest";
import { hasPaymentSuccessFlag } from "./billing-display";

describe("billing display", () => {
  it("recognises the payment flags the callback leaves", () => {
    expect(hasPaymentSuccessFlag(new URLSearchParams("success=true&payment_completed=true"))).toBe(true);
    expect(hasPaymentSuccessFlag(new URLSearchParams("section=billing"))).toBe(false);
  });
});
