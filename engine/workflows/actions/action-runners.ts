import type { Action } from "../../../core/contracts/actions/action-registry.js";
import type { ActionContext } from "./action-context.js";
import { runChatMessage } from "./chat-message.js";
import { runCondition } from "./condition.js";
import { runHttpRequest } from "./http-request.js";
import { runSendEmail } from "./send-email.js";

/** Every action but delay, which the workflow runner schedules itself (run-execution.ts), freeing the worker while it waits. */
type RunnableAction = Exclude<Action, { type: "delay" }>;
type ConfigOf = { [A in RunnableAction as A["type"]]: A["config"] };

/**
 * One attempt of a step. Its config is the one the step's templates resolved to, already checked
 * against the action's schema (resolveAction in run-step.ts), so a runner reads it as given. A
 * failed attempt throws ActionFailure; an abort (cancel, step timeout) comes out as the signal's
 * or the outbound call's abort error, for the workflow runner to classify.
 */
type ActionRunner<C> =
  /**
   * No effect outside the run (no request, no row): the runner runs it in memory, at once, without
   * claiming its row first. Synchronous: it returns its output (an object, never a promise).
   */
  | { pure: true; run: (config: C) => Record<string, unknown> }
  | { pure: false; run: (config: C, context: ActionContext) => Promise<unknown> };

/**
 * The runner of every action type in core/contracts/actions/action-registry.ts but delay. A type
 * added to the registry without a runner here does not compile.
 */
export const ACTION_RUNNERS: { [T in keyof ConfigOf]: ActionRunner<ConfigOf[T]> } = {
  http_request: { pure: false, run: runHttpRequest },
  send_email: { pure: false, run: runSendEmail },
  chat_message: { pure: false, run: runChatMessage },
  condition: { pure: true, run: runCondition },
  /** The step's output is its configured object, every template already resolved. */
  transform: { pure: true, run: (config) => config.output },
};

/** Runs one attempt of an action with effects outside the run (see isPure). */
export async function runAction(action: Action, context: ActionContext): Promise<{ output: unknown }> {
  if (action.type === "delay") throw new Error("runAction does not run delay steps: the workflow runner schedules them");
  return { output: await runWithEffects(action.type, action.config, context) };
}

function runWithEffects<T extends keyof ConfigOf>(type: T, config: ConfigOf[T], context: ActionContext): Promise<unknown> {
  const runner: ActionRunner<ConfigOf[T]> = ACTION_RUNNERS[type];
  if (runner.pure) throw new Error(`runAction does not run ${type} steps: they run in memory (runPureAction)`);
  return runner.run(config, context);
}

/** Runs a pure action (see isPure) in memory and returns its output. */
export function runPureAction(action: Action): Record<string, unknown> {
  if (action.type === "delay") throw new Error("runPureAction does not run delay steps: the workflow runner schedules them");
  return runPure(action.type, action.config);
}

function runPure<T extends keyof ConfigOf>(type: T, config: ConfigOf[T]): Record<string, unknown> {
  const runner: ActionRunner<ConfigOf[T]> = ACTION_RUNNERS[type];
  if (!runner.pure) throw new Error(`runPureAction does not run ${type} steps: they have effects outside the run (runAction)`);
  return runner.run(config);
}

/** Actions with no effect outside the run: nothing to guard, so no claim before running them. */
export function isPure(action: Action): boolean {
  return action.type !== "delay" && ACTION_RUNNERS[action.type].pure;
}
