import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { authErrorMessage, signInErrorMessage, tooManyAttemptsMessage } from "./auth-messages";

function apiError(status: number, code: string, message: string, retryAfterSeconds?: number): ApiError {
  return new ApiError({ status, code, message, retryAfterSeconds });
}

describe("authErrorMessage", () => {
  it("shows the server's message for an expected refusal", () => {
    expect(authErrorMessage(apiError(403, "EMAIL_NOT_CONFIRMED", "Email not confirmed"))).toBe("Email not confirmed");
  });

  it("hides server failures, lost connections and foreign errors behind the generic text", () => {
    expect(authErrorMessage(apiError(500, "INTERNAL_ERROR", "An internal error occurred."))).toBe("An unexpected error occurred. Please try again.");
    expect(authErrorMessage(apiError(0, "NETWORK_ERROR", "Could not reach the server."))).toBe("An unexpected error occurred. Please try again.");
    expect(authErrorMessage(new TypeError("x is undefined"), "An unexpected error occurred")).toBe("An unexpected error occurred");
  });

  it("turns a rate limit into a readable wait", () => {
    expect(authErrorMessage(apiError(429, "RATE_LIMITED", "Rate limit exceeded.", 30))).toBe("Too many attempts. Please try again in 30 seconds.");
  });
});

describe("tooManyAttemptsMessage", () => {
  it("speaks in minutes from a minute on, rounding up", () => {
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(tooManyAttemptsMessage(60)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(tooManyAttemptsMessage(undefined)).toBe("Too many attempts. Please wait a moment and try again.");
  });
});

describe("signInErrorMessage", () => {
  it("shows the server's message, or the spec's fallback when it sent none", () => {
    expect(signInErrorMessage(apiError(400, "INVALID_CREDENTIALS", "Invalid email or password"))).toBe("Invalid email or password");
    expect(signInErrorMessage(apiError(400, "INVALID_CREDENTIALS", ""))).toBe("Invalid email or password");
  });
});
