/**
 * The engine's view of DuckDB (DESIGN.md section 8): statements with bound parameters, values as
 * plain JavaScript (numbers, BIGINT/HUGEINT as numbers when safe and otherwise decimal strings,
 * strings, booleans, null, DATE as "YYYY-MM-DD", timestamps as ISO strings, lists as arrays and
 * structs as objects). DuckDB itself runs in worker processes (analytics-pool.ts), never in the
 * engine: this module loads no native code.
 */
export type AnalyticsRow = Record<string, unknown>;

export interface AnalyticsCallOptions {
  /** Interrupts the statement after this long; the call then rejects with AnalyticsTimeoutError. */
  timeoutMs?: number;
  /** Interrupts the statement when aborted (rejects with AnalyticsTimeoutError as well). */
  signal?: AbortSignal;
}

export interface AnalyticsSession {
  all(sql: string, params?: unknown[]): Promise<AnalyticsRow[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
}

export interface AnalyticsDb extends AnalyticsSession {
  all(sql: string, params?: unknown[], options?: AnalyticsCallOptions): Promise<AnalyticsRow[]>;
  run(sql: string, params?: unknown[], options?: AnalyticsCallOptions): Promise<void>;
  /** Several statements on one connection of one worker (temporary tables live until it ends). */
  session<T>(work: (session: AnalyticsSession) => Promise<T>, options?: AnalyticsCallOptions): Promise<T>;
  close(): Promise<void>;
}

/** A statement interrupted by its time limit or abort signal. */
export class AnalyticsTimeoutError extends Error {
  constructor(message = "the analytics statement was interrupted") {
    super(message);
    this.name = "AnalyticsTimeoutError";
  }
}

/**
 * The worker process running the statement died (a crash in DuckDB's native code, the kernel's
 * OOM killer, a signal) or its database failed beyond repair. Running the statement again would
 * most likely end the same way: the job that sent it fails for good.
 */
export class AnalyticsCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnalyticsCrashError";
  }
}
