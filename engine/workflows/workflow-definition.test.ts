import { describe, expect, it } from "vitest";
import { fireTimeOf } from "./fire-schedule.js";
import { parseStoredActions, storedStepNames } from "./workflow-definition.js";

describe("parseStoredActions", () => {
  it("parses stored actions, applying the schema's defaults", () => {
    const parsed = parseStoredActions([{ type: "http_request", config: { url: "https://example.com" } }]);
    expect(parsed).toMatchObject({ ok: true, actions: [{ type: "http_request", config: { method: "POST", headers: {} } }] });
  });

  it("reports where stored actions stopped making sense, as INVALID_DEFINITION", () => {
    const parsed = parseStoredActions([{ type: "delay", config: { seconds: -1 } }]);
    expect(parsed).toEqual({ ok: false, error: { code: "INVALID_DEFINITION", message: expect.stringContaining("actions.0.config.seconds") } });
    expect(parseStoredActions({ not: "a list" })).toMatchObject({ ok: false, error: { message: expect.stringContaining("invalid at actions:") } });
  });
});

describe("step names", () => {
  it("names steps by their own name or by type and position", () => {
    expect(storedStepNames([{ type: "transform", name: "shape", config: { output: {} } }, { type: "delay", config: { seconds: 1 } }])).toEqual([
      { name: "shape", type: "transform" },
      { name: "delay_2", type: "delay" },
    ]);
    expect(storedStepNames("not a list")).toEqual([]);
  });
});

describe("fireTimeOf", () => {
  it("reads the fire time from the scheduler job's prevMillis, else from its id, else its creation time", () => {
    expect(fireTimeOf({ id: "repeat:workflow:wf_1:1700000001000", opts: { prevMillis: 1_700_000_000_000 }, timestamp: 5 })).toBe(1_700_000_000_000);
    expect(fireTimeOf({ id: "repeat:workflow:wf_1:1700000001000", opts: {}, timestamp: 5 })).toBe(1_700_000_001_000);
    expect(fireTimeOf({ id: "manual", opts: {}, timestamp: 5 })).toBe(5);
  });
});
