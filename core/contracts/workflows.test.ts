import { describe, expect, it } from "vitest";
import { ActionsSchema, stepNamesOf } from "./workflows.js";

describe("step names", () => {
  it("names a step by its own name, or by its type and 1-based position", () => {
    expect(stepNamesOf([{ type: "transform", name: "shape" }, { type: "delay" }])).toEqual([
      { name: "shape", type: "transform" },
      { name: "delay_2", type: "delay" },
    ]);
  });

  it("refuses two steps of one name, a given name against a default one too", () => {
    const parsed = ActionsSchema.safeParse([
      { type: "transform", name: "delay_2", config: { output: {} } },
      { type: "delay", config: { seconds: 1 } },
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: [1, "name"], message: 'Duplicate step name "delay_2"' })]);
    expect(ActionsSchema.safeParse([{ type: "delay", config: { seconds: 1 } }, { type: "delay", config: { seconds: 1 } }]).success).toBe(true);
  });
});
