import { z } from "zod";
import { defineAction } from "./define-action.js";

export const CONDITION_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "greater_than",
  "less_than",
  "exists",
  "not_exists",
] as const;

export const conditionAction = defineAction({
  type: "condition",
  component: "ConditionAction",
  description: "Stops the run unless a comparison holds (equals, contains, greater_than, exists, …).",
  config: z
    .object({
      /** Usually a template, e.g. "{{trigger.data.amount}}". */
      left: z.unknown(),
      operator: z.enum(CONDITION_OPERATORS),
      right: z.unknown().optional(),
    })
    .strict(),
  example: { left: "{{trigger.data.amount}}", operator: "greater_than", right: 100 },
});
