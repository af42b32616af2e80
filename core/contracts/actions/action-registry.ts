import { z } from "zod";
import { chatMessageAction } from "./chat-message.js";
import { conditionAction } from "./condition.js";
import { delayAction } from "./delay.js";
import { httpRequestAction } from "./http-request.js";
import { sendEmailAction } from "./send-email.js";
import { transformAction } from "./transform.js";

/**
 * Every action type a workflow may use, in the order the API reference lists them. Adding one
 * means a module beside this one, a line here and its runner in engine/workflows/actions/
 * (action-runners.ts refuses to compile without it). The database stores any type; this list
 * is the only judge (docs/decisions/0020-action-types-validated-by-the-application.md).
 */
export const ACTION_DEFINITIONS = [httpRequestAction, sendEmailAction, chatMessageAction, delayAction, conditionAction, transformAction] as const;

type Definitions = typeof ACTION_DEFINITIONS;
export type ActionType = Definitions[number]["type"];
export const ACTION_TYPES: readonly ActionType[] = ACTION_DEFINITIONS.map((action) => action.type);

/** The schemas of a list of definitions, still a tuple, so the union below infers every member. */
type SchemasOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K] extends { schema: infer S } ? S : never };
const schemas = ACTION_DEFINITIONS.map((action) => action.schema) as SchemasOf<Definitions>;

export const ActionSchema = z
  .discriminatedUnion("type", schemas, { error: `action type must be one of: ${ACTION_TYPES.join(", ")}` })
  .meta({ id: "Action" });
export type Action = z.infer<typeof ActionSchema>;
