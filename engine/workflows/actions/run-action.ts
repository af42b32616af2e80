import type { Action } from "../../../core/contracts/workflows.js";
import type { ActionContext } from "./action-context.js";
import { runChatMessage } from "./chat-message.js";
import { runCondition } from "./condition.js";
import { runHttpRequest } from "./http-request.js";
import { runSendEmail } from "./send-email.js";
import { runTransform } from "./transform.js";

/**
 * Runs one attempt of a step. `action` has its templates already resolved by the runner; each
 * action parses its config again (a template may have produced a value of the wrong kind).
 * A failed attempt throws ActionFailure; an abort (cancel, step timeout) comes out as the
 * signal's or the outbound call's abort error, for the runner to classify. `delay` is the
 * runner's own: it frees the worker instead of waiting here.
 */
export async function runAction(action: Action, context: ActionContext): Promise<{ output: unknown }> {
  switch (action.type) {
    case "http_request":
      return { output: await runHttpRequest(action.config, context) };
    case "chat_message":
      return { output: await runChatMessage(action.config, context) };
    case "send_email":
      return { output: await runSendEmail(action.config, context) };
    case "transform":
      return { output: runTransform(action.config) };
    case "condition":
      return { output: runCondition(action.config) };
    case "delay":
      throw new Error("runAction does not run delay steps: the workflow runner schedules them");
  }
}
