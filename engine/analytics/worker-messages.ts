import { z } from "zod";

/**
 * What the engine and its analytics worker processes say to each other over the IPC channel
 * (child_process.fork with "advanced" serialization, so bigints and nested rows cross as they
 * are). Both sides parse what they receive.
 *
 * Every statement belongs to a session: a connection in the worker, opened by its first
 * statement and closed by "end" (or, for a single statement, by `last`). "interrupt" stops the
 * session's running statement.
 */

const StatementParamSchema = z.union([z.string(), z.number(), z.boolean(), z.bigint(), z.null()]);

export const WorkerSettingsSchema = z.object({
  DUCKDB_THREADS: z.number().int().min(1),
  DUCKDB_MEMORY_LIMIT: z.string().min(1),
  DATA_DIR: z.string().min(1).optional(),
  spillDirectory: z.string().min(1).optional(),
});
export type WorkerSettings = z.infer<typeof WorkerSettingsSchema>;

export const ParentMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open"), settings: WorkerSettingsSchema }),
  z.object({
    kind: z.literal("statement"),
    id: z.number().int(),
    session: z.number().int(),
    /** The session's last statement: its connection closes after it. */
    last: z.boolean(),
    op: z.enum(["all", "run"]),
    sql: z.string(),
    params: z.array(StatementParamSchema),
  }),
  z.object({ kind: z.literal("interrupt"), session: z.number().int() }),
  z.object({ kind: z.literal("end"), session: z.number().int() }),
]);
export type ParentMessage = z.infer<typeof ParentMessageSchema>;

/**
 * A row of an answer: checked to be an object, not rebuilt key by key as z.record would (which
 * cost more CPU than the statement itself on answers of many rows, e.g. a 20,000-row sample).
 * Its values are read by the analysis code, which converts each one it uses.
 */
const AnswerRowSchema = z.custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), "a row is an object");

export const WorkerMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ready") }),
  z.object({ kind: z.literal("rows"), id: z.number().int(), rows: z.array(AnswerRowSchema) }),
  /** `fatal`: DuckDB invalidated its database; the worker exits after saying so. */
  z.object({ kind: z.literal("failed"), id: z.number().int(), message: z.string(), fatal: z.boolean() }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessageSchema>;

/** A parameter as the worker binds it: bigint stays bigint, a Date becomes its ISO string, an object its JSON. */
export function toStatementParam(value: unknown): z.infer<typeof StatementParamSchema> {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}
