import { describe, expect, it } from "vitest";
import { PAYMENT_STATES } from "../../../../../core/contracts/checkout";
import { ApiError } from "../../../lib/api-client";
import { PAYMENT_MESSAGES, callbackOutcome, checkoutFailureMessage } from "./payment-messages";

describe("checkoutFailureMessage", () => {
  it("uses the spec's messages for each kind of failure", () => {
    expect(checkoutFailureMessage(new ApiError({ code: "UNAUTHORIZED", status: 401, message: "x" }))).toBe("User not authenticated");
    expect(checkoutFailureMessage(new ApiError({ code: "PAYMENT_PROVIDER_ERROR", status: 502, message: "Payment initialization failed" }))).toBe("Payment initialization failed");
    expect(checkoutFailureMessage(new ApiError({ code: "INVALID_RESPONSE", status: 201, message: "x" }))).toBe("Invalid payment response - no redirect URL");
    expect(checkoutFailureMessage(new ApiError({ code: "VALIDATION_FAILED", status: 422, message: "The price changed" }))).toBe("Payment processing failed: The price changed");
    expect(checkoutFailureMessage(new Error("boom"))).toBe("Payment processing failed");
  });
});

describe("callbackOutcome", () => {
  it("gives every payment state a card, and only completed counts as success", () => {
    const outcomes = PAYMENT_STATES.map((state) => [state, callbackOutcome(state)] as const);
    expect(outcomes.filter(([, result]) => result.outcome === "completed").map(([state]) => state)).toEqual(["completed"]);
    expect(callbackOutcome("cancelled")).toEqual({ outcome: "cancelled", message: PAYMENT_MESSAGES.cancelled });
    expect(callbackOutcome("review")).toEqual({ outcome: "failed", message: PAYMENT_MESSAGES.unverifiable });
  });
});
