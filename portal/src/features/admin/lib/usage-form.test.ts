import { describe, expect, it } from "vitest";
import { parseUsageForm } from "./usage-form";

describe("the Add API Usage form", () => {
  it("requires user, endpoint and count with the spec's message", () => {
    const result = parseUsageForm({ userId: "", endpoint: "", count: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        user_id: ["Please fill in all required fields"],
        endpoint: ["Please fill in all required fields"],
        request_count: ["Please fill in all required fields"],
      },
    });
  });

  it("refuses a count below 1 or with a fraction", () => {
    expect(parseUsageForm({ userId: "usr_1", endpoint: "/api/general", count: "0" })).toEqual({ ok: false, errors: { request_count: ["Request count must be at least 1"] } });
    expect(parseUsageForm({ userId: "usr_1", endpoint: "/api/general", count: "1.5" })).toEqual({ ok: false, errors: { request_count: ["Request count must be a whole number"] } });
  });

  it("sends a valid entry as the API's request", () => {
    expect(parseUsageForm({ userId: "usr_1", endpoint: "/api/analytics", count: "1200" })).toEqual({ ok: true, data: { user_id: "usr_1", endpoint: "/api/analytics", request_count: 1200 } });
  });
});
