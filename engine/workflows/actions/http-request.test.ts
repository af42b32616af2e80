import { describe, expect, it } from "vitest";
import { buildHttpRequest } from "./http-request.js";
import { redactHeaders, redactUrl, redactWebhookUrl } from "./dry-run.js";
import { assertSendableHeaders } from "./step-request.js";

const step = { executionId: "exec_abc", stepName: "notify" };

describe("http_request building", () => {
  it("sends a JSON body with Content-Type and the step's Idempotency-Key", () => {
    expect(buildHttpRequest({ url: "https://api.example.com/x", method: "POST", headers: {}, body: { a: 1 } }, step)).toEqual({
      url: "https://api.example.com/x",
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "exec_abc:notify" },
      body: '{"a":1}',
    });
  });

  it("sends no body for GET, nor when none is configured", () => {
    expect(buildHttpRequest({ url: "https://x.test/", method: "GET", headers: {}, body: { a: 1 } }, step)).toEqual({
      url: "https://x.test/",
      method: "GET",
      headers: { "Idempotency-Key": "exec_abc:notify" },
    });
    expect(buildHttpRequest({ url: "https://x.test/", method: "DELETE", headers: {} }, step).body).toBeUndefined();
  });

  it("keeps the config's own Content-Type and Idempotency-Key, whatever their case", () => {
    const request = buildHttpRequest(
      { url: "https://x.test/", method: "PUT", headers: { "content-type": "application/vnd.api+json", "idempotency-key": "mine" }, body: "text" },
      step,
    );
    expect(request.headers).toEqual({ "content-type": "application/vnd.api+json", "idempotency-key": "mine" });
    expect(request.body).toBe('"text"');
  });

  it("sends a string body verbatim under a non-JSON Content-Type", () => {
    const request = buildHttpRequest({ url: "https://x.test/", method: "POST", headers: { "Content-Type": "text/plain" }, body: "a=1&b=2" }, step);
    expect(request.body).toBe("a=1&b=2");
  });

  it("refuses header values with line breaks for good", () => {
    expect(() => assertSendableHeaders({ "X-Note": "a\r\nInjected: 1" })).toThrow(expect.objectContaining({ code: "ACTION_FAILED", retryable: false }));
    expect(() => assertSendableHeaders({ "X-Note": "café\tok" })).not.toThrow();
  });
});

describe("dry-run redaction", () => {
  it("redacts credential headers and keeps the rest", () => {
    expect(
      redactHeaders({ Authorization: "Bearer x", "X-Api-Key": "k", "X-Auth-Token": "t", Cookie: "c", "Idempotency-Key": "exec_1:a", Accept: "text/plain" }),
    ).toEqual({ Authorization: "[redacted]", "X-Api-Key": "[redacted]", "X-Auth-Token": "[redacted]", Cookie: "[redacted]", "Idempotency-Key": "exec_1:a", Accept: "text/plain" });
  });

  it("redacts credentials in URLs", () => {
    expect(redactUrl("https://u:p@api.example.com/v1?api_key=s&page=2&token=t")).toBe("https://redacted@api.example.com/v1?api_key=redacted&page=2&token=redacted");
    expect(redactWebhookUrl("https://hooks.slack.com/services/T0/B0/secret")).toBe("https://hooks.slack.com/redacted");
  });
});
