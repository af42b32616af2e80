import { createLogger } from "../core/logger.js";
import { startAnalyticsPool } from "../engine/analytics/analytics-pool.js";

/**
 * An engine stand-in for tests of what happens to analytics workers when their engine dies: starts
 * a pool of one worker, prints the worker's pid, and keeps it busy with a statement that never
 * ends, until it is killed. Run with `node --import tsx/esm testing/analytics-pool-process.ts`.
 */
const pool = await startAnalyticsPool({ ANALYTICS_WORKERS: 1, DUCKDB_THREADS: 1, DUCKDB_MEMORY_LIMIT: "256MB" }, createLogger({ level: "silent", name: "pool-process" }));
void pool.all("select count(*) from range(100000000000) a(x), range(1000) b(y) where x * y = -1").catch(() => undefined);
process.stdout.write(`${pool.workerPids().join(",")}\n`);
setInterval(() => undefined, 60_000);
