import { describe, expect, it } from "vitest";
import { billingRowActions } from "./billing-display";

describe("billing row actions", () => {
  it("offers Mark Complete and Complete & Update Plan on a pending payment, never a refund", () => {
    expect(billingRowActions({ status: "pending", refundable: false })).toEqual({ complete: true, applyPlan: "complete-and-apply", refund: false });
  });

  it("offers re-applying the plan on a completed payment, and a refund only when refundable", () => {
    expect(billingRowActions({ status: "completed", refundable: true })).toEqual({ complete: false, applyPlan: "reapply", refund: true });
    expect(billingRowActions({ status: "completed", refundable: false }).refund).toBe(false);
  });

  it("only displays failed and refunded payments", () => {
    for (const status of ["failed", "refunded"] as const) {
      expect(billingRowActions({ status, refundable: true })).toEqual({ complete: false, applyPlan: null, refund: false });
    }
  });
});
