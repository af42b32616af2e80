import { DuckDBInstance } from "@duckdb/node-api";
import { z } from "zod";
import { EngineConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { RunRequestSchema, type ChildMessage } from "./duckdb-alone-messages.js";

/**
 * DuckDB alone, the analytics bench's baseline (DESIGN.md section 13): a child process of the
 * bench holding one warm in-memory DuckDB with the engine's settings (DUCKDB_THREADS and
 * DUCKDB_MEMORY_LIMIT, read as the engine reads them), that runs the statements it is sent and
 * answers with the CPU time they cost this process (all its threads, process.cpuUsage) and
 * their wall time. Rows are read into JavaScript, as a DuckDB user reads an answer.
 */

if (!process.send) throw new Error("duckdb-alone runs as a child process of the bench (loadtest/duckdb-alone-process.ts)");

const { DUCKDB_THREADS, DUCKDB_MEMORY_LIMIT } = EngineConfigSchema.shape;
const settings = parseConfig(z.object({ DUCKDB_THREADS, DUCKDB_MEMORY_LIMIT }), readEnvironment());
const instance = await DuckDBInstance.create(":memory:", { threads: String(settings.DUCKDB_THREADS), memory_limit: settings.DUCKDB_MEMORY_LIMIT });
const connection = await instance.connect();

const send = (message: ChildMessage) => process.send?.(message);

process.on("message", (message: unknown) => {
  void (async () => {
    try {
      const { statements } = RunRequestSchema.parse(message);
      const cpu = process.cpuUsage();
      const started = performance.now();
      let rows = 0;
      for (const statement of statements) rows += (await connection.runAndReadAll(statement.sql, statement.params)).getRowObjectsJS().length;
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      send({ kind: "ran", cpuMs: (used.user + used.system) / 1_000, wallMs, rows });
    } catch (error) {
      send({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
// The bench went away: so does the baseline.
process.on("disconnect", () => process.exit(0));

send({ kind: "ready", threads: settings.DUCKDB_THREADS, memoryLimit: settings.DUCKDB_MEMORY_LIMIT });
