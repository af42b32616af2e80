import { describe, expect, it } from "vitest";
import type { TransactionStatus } from "../../core/payments/pesapal-client.js";
import { isCancellation } from "../../core/payments/unpaid-orders.js";
import { mismatchOf, stateOf } from "./reconcile-service.js";
import { ipnAcknowledgement } from "./serializers.js";

const paid: TransactionStatus = {
  statusCode: 1,
  description: "Payment completed successfully",
  amountCents: 29_00,
  currency: "USD",
  merchantReference: "ord-abc",
  confirmationCode: "QK7M2XH4TB",
  paymentMethod: "Visa",
  paymentAccount: "************1111",
  createdDate: null,
  paymentStatusCode: null,
};
const order = { merchant_reference: "ord-abc", amount: 29_00, currency: "USD" };

describe("reconciliation rules", () => {
  it("accepts a status whose reference, amount and currency match (currency case aside)", () => {
    expect(mismatchOf(order, paid)).toBeNull();
    expect(mismatchOf(order, { ...paid, currency: "usd" })).toBeNull();
  });

  it("names every disagreement", () => {
    const reason = mismatchOf(order, { ...paid, merchantReference: "ord-other", amountCents: 1_00, currency: "KES" });
    expect(reason).toContain('the provider reports merchant reference "ord-other", not ord-abc');
    expect(reason).toContain("the provider reports 1.00 KES, the order is for 29.00 USD");
    expect(reason).toContain('the provider reports currency "KES", the order is in USD');
  });

  it("reads a customer's cancellation from a status 0 or 2 reason, never from a paid or reversed status", () => {
    expect(isCancellation({ ...paid, statusCode: 0, description: "Payment cancelled by the customer" })).toBe(true);
    expect(isCancellation({ ...paid, statusCode: 0, description: "", paymentStatusCode: "request_terminated_by_user" })).toBe(true);
    expect(isCancellation({ ...paid, statusCode: 2, description: "Failed", paymentStatusCode: "request_terminated_by_user" })).toBe(true);
    expect(isCancellation({ ...paid, statusCode: 0, description: "Pending Payment" })).toBe(false);
    expect(isCancellation({ ...paid, statusCode: 2, description: "Unable to Authorize Transaction.", paymentStatusCode: "insufficient_funds" })).toBe(false);
    expect(isCancellation({ ...paid, statusCode: 3, description: "Reversed", paymentStatusCode: "request_terminated_by_user" })).toBe(false);
  });

  it("tells the customer \"review\" while an order waits for an administrator, whatever its status", () => {
    const resolved = { flagged_at: new Date(), review_resolved_at: new Date() };
    const open = { flagged_at: new Date(), review_resolved_at: null };
    expect(stateOf({ status: "pending", flagged_at: null, review_resolved_at: null })).toBe("pending");
    expect(stateOf({ status: "pending", ...open })).toBe("review");
    expect(stateOf({ status: "completed", ...open })).toBe("review");
    expect(stateOf({ status: "completed", ...resolved })).toBe("completed");
    expect(stateOf({ status: "refunded", flagged_at: null, review_resolved_at: null })).toBe("reversed");
    expect(stateOf({ status: "cancelled", flagged_at: null, review_resolved_at: null })).toBe("cancelled");
  });

  it("acknowledges an IPN in Pesapal's exact JSON, echoing the notification type", () => {
    const notification = { notificationType: "IPNCHANGE", orderTrackingId: "d0fa69d6-f3cd-433b-858e-df86555b86c8", merchantReference: "1515111111" };
    expect(ipnAcknowledgement(notification, true)).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: "d0fa69d6-f3cd-433b-858e-df86555b86c8",
      orderMerchantReference: "1515111111",
      status: 200,
    });
    expect(ipnAcknowledgement({ ...notification, notificationType: "RECURRING" }, false)).toMatchObject({ orderNotificationType: "RECURRING", status: 500 });
  });
});
