import { describe, expect, it } from "vitest";
import { CreateWorkflowRequestSchema } from "../../../../../core/contracts/workflows";
import { ExecuteRequestSchema } from "../../../../../gateway/workflows/api-schemas";
import { EXAMPLE_RUN, EXAMPLE_WORKFLOW, MAX_RETRIES, REQUEST_TIMEOUT_SECONDS, workedExamples } from "./worked-examples";

describe("the SDK page's worked examples", () => {
  it("send a workflow and a run the API accepts", () => {
    expect(CreateWorkflowRequestSchema.safeParse(EXAMPLE_WORKFLOW).error).toBeUndefined();
    expect(ExecuteRequestSchema.safeParse(EXAMPLE_RUN).error).toBeUndefined();
  });

  it("call the same endpoints with a 30-second time-out and 3 retries in every language", () => {
    expect([REQUEST_TIMEOUT_SECONDS, MAX_RETRIES]).toEqual([30, 3]);
    for (const { label, code } of workedExamples("https://api.example.test")) {
      expect(code, label).toContain("https://api.example.test");
      expect(code, label).toContain("/v1/workflows");
      expect(code, label).toContain("/execute");
      expect(code, label).toContain("/v1/executions/");
      expect(code, label).toContain("Idempotency-Key");
      expect(code, label).toContain("Retry-After");
      expect(code, label).toMatch(/MAX_RETRIES = 3|maxRetries = 3/);
      expect(code, label).toContain('"name": "Order summary"');
    }
  });
});
