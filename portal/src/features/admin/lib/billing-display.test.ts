import { describe, expect, it } from "vitest";
import { billingRowActions } from "./billing-display";

const notInReview = { review_reason: null };

describe("billing row actions", () => {
  it("offers Mark Complete and Complete & Update Plan on a pending payment, never a refund", () => {
    expect(billingRowActions({ status: "pending", refundable: false, ...notInReview })).toEqual({ complete: true, applyPlan: "complete-and-apply", refund: false, markReviewed: false });
  });

  it("offers re-applying the plan on a completed payment, and a refund only when refundable", () => {
    expect(billingRowActions({ status: "completed", refundable: true, ...notInReview })).toEqual({ complete: false, applyPlan: "reapply", refund: true, markReviewed: false });
    expect(billingRowActions({ status: "completed", refundable: false, ...notInReview }).refund).toBe(false);
  });

  it("only displays failed, cancelled and refunded payments", () => {
    for (const status of ["failed", "cancelled", "refunded"] as const) {
      expect(billingRowActions({ status, refundable: true, ...notInReview })).toEqual({ complete: false, applyPlan: null, refund: false, markReviewed: false });
    }
  });

  it("offers Mark Reviewed on any payment in the review queue, beside its other actions", () => {
    const reason = { review_reason: "the provider reports 1.00 USD, the order is for 29.00 USD" };
    expect(billingRowActions({ status: "pending", refundable: false, ...reason })).toEqual({ complete: true, applyPlan: "complete-and-apply", refund: false, markReviewed: true });
    expect(billingRowActions({ status: "completed", refundable: true, ...reason }).markReviewed).toBe(true);
  });
});
