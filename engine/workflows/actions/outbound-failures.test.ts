import { describe, expect, it } from "vitest";
import { OutboundError } from "../../../core/outbound/send-outbound.js";
import { retryAfterCases } from "../../../testing/retry-after-cases.js";
import { describeTarget, failureFromError, failureFromResponse } from "./outbound-failures.js";

const now = new Date("2026-03-01T12:00:00Z");

describe("outbound failure mapping", () => {
  it("retries 408, 425, 429 and 5xx", () => {
    for (const status of [408, 425, 429, 500, 502, 503, 504]) {
      expect(failureFromResponse({ status, headers: {} }, "api.example.com", now)).toMatchObject({ code: "ACTION_FAILED", retryable: true });
    }
  });

  it("does not retry other 4xx, and says redirects are not followed", () => {
    for (const status of [400, 401, 403, 404, 409, 410, 422]) {
      expect(failureFromResponse({ status, headers: {} }, "api.example.com", now)).toMatchObject({ retryable: false });
    }
    const redirect = failureFromResponse({ status: 302, headers: { location: "https://elsewhere" } }, "api.example.com", now);
    expect(redirect).toMatchObject({ code: "ACTION_FAILED", retryable: false, message: "api.example.com answered HTTP 302 (redirects are not followed)" });
  });

  it("names the status in the message", () => {
    expect(failureFromResponse({ status: 404, headers: {} }, "api.example.com", now).message).toBe("api.example.com answered HTTP 404");
  });

  it("takes Retry-After in seconds or as an HTTP date on retryable answers only", () => {
    expect(failureFromResponse({ status: 429, headers: { "retry-after": "30" } }, "Slack", now).retryAfterMs).toBe(30_000);
    expect(failureFromResponse({ status: 503, headers: { "Retry-After": "Sun, 01 Mar 2026 12:01:00 GMT" } }, "x", now).retryAfterMs).toBe(60_000);
    expect(failureFromResponse({ status: 400, headers: { "retry-after": "30" } }, "x", now).retryAfterMs).toBeUndefined();
    expect(failureFromResponse({ status: 429, headers: {} }, "x", now).retryAfterMs).toBeUndefined();
  });

  it("reads Retry-After as webhook retries and the portal read it", () => {
    for (const { header, waitMs } of retryAfterCases(now)) {
      const failure = failureFromResponse({ status: 503, headers: header === undefined ? {} : { "Retry-After": header } }, "x", now);
      expect(failure.retryAfterMs, `Retry-After: ${header}`).toBe(waitMs);
    }
  });

  it("maps blocked and invalid destinations to BLOCKED_DESTINATION, not retryable", () => {
    for (const code of ["BLOCKED_DESTINATION", "INVALID_URL"] as const) {
      const failure = failureFromError(new OutboundError(code, "The address 10.0.0.1 is private.", 1), "10.0.0.1", 5_000);
      expect(failure).toMatchObject({ code: "BLOCKED_DESTINATION", retryable: false, message: "10.0.0.1: The address 10.0.0.1 is private." });
    }
  });

  it("retries timeouts, DNS and connection failures", () => {
    expect(failureFromError(new OutboundError("TIMEOUT", "late", 5_000), "api.example.com", 5_000)).toMatchObject({
      code: "STEP_TIMEOUT",
      retryable: true,
      message: "api.example.com did not answer within 5000 ms",
    });
    expect(failureFromError(new OutboundError("DNS_FAILED", "no such host", 3), "x", 5_000)).toMatchObject({ code: "ACTION_FAILED", retryable: true });
    expect(failureFromError(new OutboundError("CONNECTION_FAILED", "refused", 3), "x", 5_000)).toMatchObject({ code: "ACTION_FAILED", retryable: true });
  });

  it("rethrows aborts and unexpected errors as they are", () => {
    const aborted = new OutboundError("ABORTED", "The request was cancelled.", 3);
    expect(() => failureFromError(aborted, "x", 5_000)).toThrow(aborted);
    const bug = new TypeError("boom");
    expect(() => failureFromError(bug, "x", 5_000)).toThrow(bug);
  });

  it("names targets by host only", () => {
    expect(describeTarget("https://user:pw@api.example.com:8443/v1/hook?token=abc")).toBe("api.example.com:8443");
    expect(describeTarget("not a url")).toBe("the destination");
  });
});
