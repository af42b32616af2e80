import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ERROR_CATALOGUE, ErrorBodySchema, detailsFromZodIssues } from "./errors.js";

describe("error catalogue", () => {
  it("gives every code an HTTP error status and a message", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message.length, code).toBeGreaterThan(0);
    }
  });

  it("renders an AppError as the public error body", () => {
    const error = new AppError("VALIDATION_FAILED", undefined, { details: [{ field: "name", message: "Name is required" }] });
    expect(error.status).toBe(422);
    const body = error.toBody("req_1");
    expect(ErrorBodySchema.parse(body)).toEqual({
      error: { code: "VALIDATION_FAILED", message: "The request validation failed", details: [{ field: "name", message: "Name is required" }], request_id: "req_1" },
    });
  });

  it("leaves out empty details and a missing request id", () => {
    expect(new AppError("NOT_FOUND", "No such workflow.").toBody()).toEqual({ error: { code: "NOT_FOUND", message: "No such workflow." } });
  });


  it("turns zod issues into dotted field paths", () => {
    const result = z.object({ trigger: z.object({ type: z.string() }), actions: z.array(z.string()).min(1) }).safeParse({ trigger: {}, actions: [] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(detailsFromZodIssues(result.error.issues).map((d) => d.field)).toEqual(["trigger.type", "actions"]);
    }
  });
});
