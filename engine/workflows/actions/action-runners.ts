import type { Action, ActionType } from "../../../core/contracts/actions/action-registry.js";
import type { ActionContext } from "./action-context.js";
import { runChatMessage } from "./chat-message.js";
import { runCondition } from "./condition.js";
import { runHttpRequest } from "./http-request.js";
import { runSendEmail } from "./send-email.js";
import { runTransform } from "./transform.js";

interface ActionRunner {
  /**
   * One attempt of a step, its templates already resolved. Each runner parses its config again
   * (a template may have produced a value of the wrong kind); a failed attempt throws
   * ActionFailure, an abort (cancel, step timeout) comes out as the signal's or the outbound
   * call's abort error, for the workflow runner to classify.
   */
  run: (config: unknown, context: ActionContext) => unknown;
  /** No effect outside the run (no request, no row): the runner runs it in memory, without claiming its row first. */
  pure: boolean;
}

/**
 * The runner of every action type in core/contracts/actions/action-registry.ts. `delay` has
 * none: the workflow runner schedules it (run-execution.ts), freeing the worker while it waits.
 * A type added to the registry without a runner here does not compile.
 */
export const ACTION_RUNNERS = {
  http_request: { run: runHttpRequest, pure: false },
  send_email: { run: runSendEmail, pure: false },
  chat_message: { run: runChatMessage, pure: false },
  condition: { run: runCondition, pure: true },
  transform: { run: runTransform, pure: true },
} as const satisfies Record<Exclude<ActionType, "delay">, ActionRunner>;

export async function runAction(action: Action, context: ActionContext): Promise<{ output: unknown }> {
  if (action.type === "delay") throw new Error("runAction does not run delay steps: the workflow runner schedules them");
  return { output: await ACTION_RUNNERS[action.type].run(action.config, context) };
}

/** Actions with no effect outside the run: nothing to guard, so no claim before running them. */
export function isPure(action: Action): boolean {
  return action.type !== "delay" && ACTION_RUNNERS[action.type].pure;
}
