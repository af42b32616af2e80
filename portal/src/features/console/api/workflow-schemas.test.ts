import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import * as gateway from "../../../../../gateway/workflows/api-schemas";
import * as portal from "./workflow-schemas";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const EXECUTION = {
  id: "exec_1",
  workflow_id: "wf_1",
  status: "failed",
  trigger_type: "manual",
  trigger_data: { order: 42 },
  mode: "test",
  queued_at: "2026-11-21T12:00:00.000Z",
  started_at: "2026-11-21T12:00:00.100Z",
  finished_at: "2026-11-21T12:00:01.100Z",
  duration_ms: 1000,
  error: { code: "ACTION_FAILED", message: "HTTP 500" },
  rerun_of: null,
  steps: [
    {
      index: 0,
      name: "notify",
      type: "http_request",
      status: "failed",
      input: { url: "https://example.com" },
      output: null,
      attempts: 3,
      error: { code: "ACTION_FAILED", message: "HTTP 500" },
      started_at: "2026-11-21T12:00:00.100Z",
      finished_at: "2026-11-21T12:00:01.100Z",
    },
  ],
};

describe("the portal's workflow schemas", () => {
  it("infer exactly the gateway's response types", () => {
    expectTypeOf<Same<z.infer<typeof portal.WorkflowListSchema>, z.infer<typeof gateway.WorkflowListSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<z.infer<typeof portal.ExecutionSchema>, z.infer<typeof gateway.ExecutionSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<z.infer<typeof portal.ExecutionListSchema>, z.infer<typeof gateway.ExecutionListSchema>>>().toEqualTypeOf<true>();
    expectTypeOf<Same<z.infer<typeof portal.ExecutionStartedSchema>, z.infer<typeof gateway.ExecutionStartedSchema>>>().toEqualTypeOf<true>();
  });

  it("accept what the gateway's schemas accept and refuse what they refuse", () => {
    expect(portal.ExecutionSchema.parse(EXECUTION)).toEqual(gateway.ExecutionSchema.parse(EXECUTION));
    const unknownStatus = { ...EXECUTION, status: "paused" };
    expect(portal.ExecutionSchema.safeParse(unknownStatus).success).toBe(false);
    expect(gateway.ExecutionSchema.safeParse(unknownStatus).success).toBe(false);
  });
});
