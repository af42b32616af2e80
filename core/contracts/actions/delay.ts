import { z } from "zod";
import { WORKFLOW_LIMITS } from "../workflow-limits.js";
import { defineAction } from "./define-action.js";

/** The workflow runner itself runs delay steps (engine/workflows/run-execution.ts): it frees the worker while waiting. */
export const delayAction = defineAction({
  type: "delay",
  component: "DelayAction",
  description: "Waits up to 7 days without holding a worker.",
  config: z.object({ seconds: z.number().int().min(1).max(WORKFLOW_LIMITS.maxDelaySeconds) }).strict(),
  example: { seconds: 3_600 },
});
