import { describe, expect, it } from "vitest";
import { ACTION_DEFINITIONS, ACTION_TYPES, ActionSchema } from "./action-registry.js";

describe("the action registry", () => {
  it.each(ACTION_DEFINITIONS.map((action) => [action.type, action] as const))("documents %s with an example that parses with its own schema", (type, action) => {
    expect(action.description.length).toBeGreaterThan(10);
    expect(action.schema.safeParse({ type, config: action.example }).error).toBeUndefined();
    expect(ActionSchema.safeParse({ type, config: action.example }).success).toBe(true);
  });

  it("lists each type once, under one openapi component name each", () => {
    expect(new Set(ACTION_TYPES).size).toBe(ACTION_DEFINITIONS.length);
    expect(new Set(ACTION_DEFINITIONS.map((action) => action.component)).size).toBe(ACTION_DEFINITIONS.length);
  });

  it("refuses a type it does not list, naming every type it does", () => {
    const parsed = ActionSchema.safeParse({ type: "teleport", config: {} });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["type"], message: `action type must be one of: ${ACTION_TYPES.join(", ")}` })]);
  });
});
