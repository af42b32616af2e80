import { z } from "zod";

/** What the bench (duckdb-alone-process.ts) and the DuckDB-alone child (duckdb-alone.ts) say to each other. */

/** One statement with its bound parameters (file paths, the time grain). */
export const StatementSchema = z.object({ sql: z.string(), params: z.array(z.string()) });
export type Statement = z.infer<typeof StatementSchema>;

/** Run these statements one after the other, as one answer. */
export const RunRequestSchema = z.object({ statements: z.array(StatementSchema).min(1) });
export type RunRequest = z.infer<typeof RunRequestSchema>;

export const ChildMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ready"), threads: z.number(), memoryLimit: z.string() }),
  /** CPU of the whole child (every DuckDB thread) and wall time while the statements ran, rows returned. */
  z.object({ kind: z.literal("ran"), cpuMs: z.number(), wallMs: z.number(), rows: z.number() }),
  z.object({ kind: z.literal("failed"), message: z.string() }),
]);
export type ChildMessage = z.infer<typeof ChildMessageSchema>;
