import { describe, expect, it } from "vitest";
import { endpointCategory } from "./endpoint-categories.js";

describe("endpointCategory", () => {
  it("files each API family under its usage category", () => {
    expect(endpointCategory("/v1/workflows")).toBe("/api/data-processing");
    expect(endpointCategory("/v1/executions/exec_1")).toBe("/api/data-processing");
    expect(endpointCategory("/v1/executions")).toBe("/api/data-processing");
    expect(endpointCategory("/v1/datasets/ds_1")).toBe("/api/data-processing");
    expect(endpointCategory("/v1/data/clean")).toBe("/api/data-processing");
    expect(endpointCategory("/v1/data/analyze")).toBe("/api/analytics");
    expect(endpointCategory("/v1/analyses/an_1")).toBe("/api/analytics");
    expect(endpointCategory("/v1/webhook-endpoints")).toBe("/api/webhooks");
    expect(endpointCategory("/hooks/wf_1/secret")).toBe("/api/webhooks");
    expect(endpointCategory("/v1/usage")).toBe("/api/general");
    expect(endpointCategory("/v1/workflowsx")).toBe("/api/general");
  });
});
