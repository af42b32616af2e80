import { transformAction } from "../../../core/contracts/actions/transform.js";
import { parseActionConfig } from "./parse-config.js";

/** The transform step: its output is the configured object, every template already resolved. */
export function runTransform(config: unknown): Record<string, unknown> {
  return parseActionConfig(transformAction.config, config, "transform").output;
}
