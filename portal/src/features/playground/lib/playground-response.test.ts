import { describe, expect, it } from "vitest";
import { describeResponse } from "./playground-response";

const NOW = new Date("2030-06-15T12:00:00Z");
const nowSeconds = NOW.getTime() / 1_000;

describe("describeResponse", () => {
  it("pretty-prints JSON, rounds the time and reads the rate-limit headers in order", () => {
    const headers = new Headers({ "X-RateLimit-Reset": String(nowSeconds + 42), "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "57", "X-Other": "x" });
    const response = describeResponse({ source: "api", status: 201, headers, text: '{"id":"wf_1","name":"A"}', durationMs: 12.6, now: NOW });
    expect(response).toEqual({
      source: "api",
      status: 201,
      statusText: "Created",
      durationMs: 13,
      rateLimit: [
        { name: "X-RateLimit-Limit", value: "60" },
        { name: "X-RateLimit-Remaining", value: "57" },
        { name: "X-RateLimit-Reset", value: String(nowSeconds + 42) },
      ],
      resetsInSeconds: 42,
      bodyText: '{\n  "id": "wf_1",\n  "name": "A"\n}',
      error: null,
      workflowId: "wf_1",
    });
  });

  it("shows the API's error code and message and Retry-After of a 429", () => {
    const headers = new Headers({ "Retry-After": "17", "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(nowSeconds + 17) });
    const body = { error: { code: "RATE_LIMITED", message: "Rate limit exceeded: policy requests-per-minute (60).", request_id: "req_1" } };
    const response = describeResponse({ source: "api", status: 429, headers, text: JSON.stringify(body), durationMs: 3, now: NOW });
    expect(response.statusText).toBe("Too Many Requests");
    expect(response.error).toEqual({ code: "RATE_LIMITED", message: body.error.message });
    expect(response.rateLimit.map((header) => header.name)).toEqual(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"]);
    expect(response.workflowId).toBeNull();
  });

  it("keeps a body that is not JSON as it came, with the server's reason phrase for an unknown status", () => {
    const response = describeResponse({ source: "api", status: 418, sentStatusText: "I'm a Teapot", headers: new Headers(), text: "<html>short and stout</html>", durationMs: 1 });
    expect(response).toMatchObject({ statusText: "I'm a Teapot", bodyText: "<html>short and stout</html>", error: null, rateLimit: [], resetsInSeconds: null });
  });
});
