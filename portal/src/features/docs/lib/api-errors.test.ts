import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CreateWorkflowRequestSchema } from "../../../../../core/contracts/workflows";
import { ERROR_CATALOGUE, ErrorBodySchema, detailsFromZodIssues } from "../../../../../core/errors";
import { ERROR_BODY_EXAMPLE, apiErrorRows } from "./api-errors";

const OPENAPI = readFileSync(new URL("../../../../../openapi.yaml", import.meta.url), "utf8");

/** Every code named in an error response of openapi.yaml ("CODE: message | CODE: message"). */
function codesInOpenApi(): Set<string> {
  return new Set([...OPENAPI.matchAll(/(?:description: "|\| )([A-Z_]+): /g)].map((match) => match[1] ?? ""));
}

describe("the error table of the docs page", () => {
  it("lists every error code the API's reference names", () => {
    const documented = new Set<string>(apiErrorRows().map((row) => row.code));
    const named = codesInOpenApi();
    expect(named.size).toBeGreaterThanOrEqual(10);
    expect([...named].filter((code) => !documented.has(code))).toEqual([]);
  });

  it("takes every status and message from the error catalogue, in status order", () => {
    const rows = apiErrorRows();
    for (const row of rows) {
      expect(row.status).toBe(ERROR_CATALOGUE[row.code].status);
      expect(row.message).toBe(ERROR_CATALOGUE[row.code].message);
      expect(row.guidance.length).toBeGreaterThan(20);
    }
    expect(rows.map((row) => row.status)).toEqual([...rows.map((row) => row.status)].sort((a, b) => a - b));
    expect(rows.map((row) => row.code)).toEqual(expect.arrayContaining(["RATE_LIMITED", "QUOTA_EXCEEDED", "INTERNAL_ERROR"]));
  });

  it("shows the validation error the API really gives for a workflow without actions", () => {
    const result = CreateWorkflowRequestSchema.safeParse({ name: "No actions", trigger: { type: "manual" }, actions: [] });
    expect(result.success).toBe(false);
    const shown = ErrorBodySchema.parse(JSON.parse(ERROR_BODY_EXAMPLE.slice(ERROR_BODY_EXAMPLE.indexOf("{"))));
    expect(shown.error.code).toBe("VALIDATION_FAILED");
    expect(shown.error.details).toEqual(result.success ? [] : detailsFromZodIssues(result.error.issues));
  });
});
