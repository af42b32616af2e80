import type { z } from "zod";
import { ActionFailure } from "./action-context.js";

/**
 * Parses a step's config after templating with its schema from core/contracts/actions/.
 * The definition was valid when saved, but a template may have produced a value of the wrong
 * kind (an object where a URL belongs); that is final, since another attempt resolves the same.
 */
export function parseActionConfig<S extends z.ZodType>(schema: S, config: unknown, type: string): z.output<S> {
  const result = schema.safeParse(config);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${["config", ...issue.path.map(String)].join(".")}: ${issue.message}`);
  throw new ActionFailure("ACTION_FAILED", `The ${type} step's config is invalid after templating: ${problems.join("; ")}`, { retryable: false });
}
