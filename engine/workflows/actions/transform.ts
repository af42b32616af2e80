import { TransformActionSchema } from "../../../core/contracts/workflows.js";
import { parseActionConfig } from "./parse-config.js";

const TransformConfigSchema = TransformActionSchema.shape.config;

/** The transform step: its output is the configured object, every template already resolved. */
export function runTransform(config: unknown): Record<string, unknown> {
  return parseActionConfig(TransformConfigSchema, config, "transform").output;
}
