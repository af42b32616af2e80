import { describe, expect, it } from "vitest";
import { describeTrigger, isUnfinished, shortId, startedAfter, statusTone, workflowLabel } from "./workflow-display";

describe("workflow display", () => {
  it("describes each trigger type, a schedule with its cron and time zone", () => {
    expect(describeTrigger({ type: "manual", config: {} })).toBe("Manual");
    expect(describeTrigger({ type: "webhook", config: {} })).toBe("Webhook");
    expect(describeTrigger({ type: "schedule", config: { cron: "0 9 * * 1-5", timezone: "Europe/Paris" } })).toBe("Schedule: 0 9 * * 1-5 (Europe/Paris)");
  });

  it("treats queued and running executions as unfinished, the rest as settled", () => {
    expect(isUnfinished("queued")).toBe(true);
    expect(isUnfinished("running")).toBe(true);
    expect(isUnfinished("completed") || isUnfinished("failed") || isUnfinished("cancelled")).toBe(false);
  });

  it("sees that the executions started after the workflow's last run as last read, and only then", () => {
    const started = (at: string | null) => ({ started_at: at });
    // Read before the engine started the run, then the run seen already finished.
    expect(startedAfter([started("2026-11-27T02:00:01.500Z")], null)).toBe(true);
    expect(startedAfter([started("2026-11-27T02:00:01.500Z"), started("2026-11-26T09:00:00.000Z")], "2026-11-26T09:00:00.000Z")).toBe(true);
    expect(startedAfter([started("2026-11-27T02:00:01.500Z")], "2026-11-27T02:00:01.500Z")).toBe(false);
    // Queued executions have no start yet; none at all is not news either.
    expect(startedAfter([started(null)], null)).toBe(false);
    expect(startedAfter([], null)).toBe(false);
  });

  it("colours failures red and successes green", () => {
    expect(statusTone("failed")).toBe("red");
    expect(statusTone("completed")).toBe("green");
    expect(statusTone("skipped")).toBe("slate");
  });

  it("shortens long ids to their tail and keeps short ones", () => {
    expect(shortId("exec_1AbCdEfGhJkLmNpQrStUvW")).toBe("…pQrStUvW");
    expect(shortId("exec_1")).toBe("exec_1");
  });

  it("names a workflow of a mixed list by name, or by its short id when the dashboard does not know it", () => {
    const names = new Map([["wf_1AbCdEfGhJkLmNpQrStUvW", "Nightly report"]]);
    expect(workflowLabel("wf_1AbCdEfGhJkLmNpQrStUvW", names)).toBe("Nightly report");
    expect(workflowLabel("wf_9ZyXwVuTsRqPnMkJhGfEdC", names)).toBe("Workflow …kJhGfEdC");
  });
});
