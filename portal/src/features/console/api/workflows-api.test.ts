import { describe, expect, it } from "vitest";
import { accountExecutionsPath } from "./workflows-api";

describe("the account-wide executions path", () => {
  it("asks for the newest page of live executions when nothing is filtered", () => {
    expect(accountExecutionsPath("live", { status: "all", workflowId: "all" }, null)).toBe("/api/executions?limit=20");
  });

  it("carries the status, the workflow, the cursor and the test mode", () => {
    const path = new URL(accountExecutionsPath("test", { status: "failed", workflowId: "wf_1AbCdEfGhJkLmNpQrStUvW" }, "MjAyNi0x+/"), "http://x");
    expect(path.pathname).toBe("/api/executions");
    expect(Object.fromEntries(path.searchParams)).toEqual({ limit: "20", status: "failed", workflow_id: "wf_1AbCdEfGhJkLmNpQrStUvW", cursor: "MjAyNi0x+/", mode: "test" });
  });
});
