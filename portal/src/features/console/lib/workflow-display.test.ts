import { describe, expect, it } from "vitest";
import { describeTrigger, isUnfinished, shortId, statusTone } from "./workflow-display";

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

  it("colours failures red and successes green", () => {
    expect(statusTone("failed")).toBe("red");
    expect(statusTone("completed")).toBe("green");
    expect(statusTone("skipped")).toBe("slate");
  });

  it("shortens long ids to their tail and keeps short ones", () => {
    expect(shortId("exec_1AbCdEfGhJkLmNpQrStUvW")).toBe("…pQrStUvW");
    expect(shortId("exec_1")).toBe("exec_1");
  });
});
