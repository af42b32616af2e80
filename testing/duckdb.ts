import { createLogger } from "../core/logger.js";
import { startAnalyticsPool, type AnalyticsPool, type AnalyticsPoolConfig } from "../engine/analytics/analytics-pool.js";

/**
 * DuckDB for tests that write or read Parquet files themselves: the engine's own pool of
 * analytics worker processes (one worker, small limits unless told otherwise). Close it after use.
 */
export function startTestAnalytics(settings: Partial<AnalyticsPoolConfig> = {}): Promise<AnalyticsPool> {
  return startAnalyticsPool({ ANALYTICS_WORKERS: 1, DUCKDB_THREADS: 1, DUCKDB_MEMORY_LIMIT: "256MB", ...settings }, createLogger({ level: "silent", name: "test-analytics" }));
}
