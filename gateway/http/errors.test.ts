import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { isStoreUnavailable, validationError } from "./errors.js";
import { idParam } from "./path-params.js";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isStoreUnavailable", () => {
  it("recognises PostgreSQL and Redis being away (worth a retry: 503)", () => {
    const away = [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("terminating connection due to administrator command", "57P01"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "all attempts failed"),
      // ioredis, with the offline queue off, after its retries, or past its command timeout.
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error("Connection is closed."),
      new Error("Reached the max retries per request limit (which is 1). Refer to \"maxRetriesPerRequest\" option for details."),
      new Error("Command timed out"),
    ];
    expect(away.filter((error) => !isStoreUnavailable(error))).toEqual([]);
  });

  it("leaves every other failure a 500", () => {
    expect(isStoreUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isStoreUnavailable(withCode('duplicate key value violates unique constraint "users_email_key"', "23505"))).toBe(false);
    expect(isStoreUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("validationError", () => {
  const workflowParams = z.object({ id: idParam("wf", "No such workflow.") });
  const failure = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) throw new Error("expected a failure");
    return parsed.error;
  };

  it("answers a path parameter that cannot name its resource 404, with the resource's message", () => {
    for (const id of ["x", "wf_", `wf_${"0".repeat(22)}`, newId("whe")]) {
      const error = validationError(failure(workflowParams, { id }), "param");
      expect([error.status, error.code, error.message], id).toEqual([404, "NOT_FOUND", "No such workflow."]);
    }
    expect(workflowParams.safeParse({ id: newId("wf") }).success).toBe(true);
  });

  it("keeps other path parameter failures 400, and a body's 422, listing each problem", () => {
    const param = validationError(failure(z.object({ name: z.string().regex(/^[a-z]+$/) }), { name: "A" }), "param");
    expect([param.status, param.details?.map((detail) => detail.field)]).toEqual([400, ["name"]]);
    const body = validationError(failure(z.object({ name: z.string() }), {}), "json");
    expect([body.status, body.code, body.details?.map((detail) => detail.field)]).toEqual([422, "VALIDATION_FAILED", ["name"]]);
  });
});
