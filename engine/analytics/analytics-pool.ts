import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import type { Logger } from "../../core/logger.js";
import { AnalyticsTimeoutError, type AnalyticsCallOptions, type AnalyticsDb, type AnalyticsRow, type AnalyticsSession } from "./analytics-db.js";
import { toStatementParam } from "./worker-messages.js";
import { forkAnalyticsWorker, type WorkerProcess } from "./worker-process.js";

/**
 * The engine's DuckDB (DESIGN.md section 8, "Isolation"): ANALYTICS_WORKERS child processes,
 * each holding one warm DuckDB instance (DUCKDB_THREADS threads, DUCKDB_MEMORY_LIMIT memory),
 * behind the AnalyticsDb interface. Each call goes to the worker with the fewest open sessions;
 * a session keeps one connection of one worker for all its statements.
 *
 * A worker that dies (a crash in DuckDB's native code, the OOM killer, a signal) takes only the
 * statements it was running with it: they reject with AnalyticsCrashError, its spill directory is
 * removed, and a replacement is forked at once (after a back-off when workers die before DuckDB
 * opens). A statement that ignores its interrupt for INTERRUPT_GRACE_MS costs its worker too.
 */
export interface AnalyticsPool extends AnalyticsDb {
  /** The live workers' process ids (operators and tests). */
  workerPids: () => number[];
}

export interface AnalyticsPoolConfig {
  ANALYTICS_WORKERS: number;
  DUCKDB_THREADS: number;
  DUCKDB_MEMORY_LIMIT: string;
  /** When set, the only directory DuckDB may touch. */
  DATA_DIR?: string;
}

const INTERRUPT_GRACE_MS = 5_000;
const STOP_GRACE_MS = 5_000;
const MAX_RESTART_DELAY_MS = 30_000;

type Send = (op: "all" | "run", sql: string, params: unknown[]) => Promise<AnalyticsRow[]>;

export async function startAnalyticsPool(config: AnalyticsPoolConfig, logger: Logger): Promise<AnalyticsPool> {
  const settings = { DUCKDB_THREADS: config.DUCKDB_THREADS, DUCKDB_MEMORY_LIMIT: config.DUCKDB_MEMORY_LIMIT, ...(config.DATA_DIR ? { DATA_DIR: resolve(config.DATA_DIR) } : {}) };
  const workers: WorkerProcess[] = [];
  const restarts = new Set<NodeJS.Timeout>();
  let closed = false;

  const start = (slot: number, failures: number) => {
    const worker = forkAnalyticsWorker(settings);
    workers[slot] = worker;
    let opened = false;
    worker.ready.then(() => (opened = true)).catch(() => undefined);
    void worker.exited.then(async ({ code, signal, invalidated }) => {
      if (worker.spillDirectory) await rm(worker.spillDirectory, { recursive: true, force: true }).catch(() => undefined);
      if (closed) return;
      // A worker that dies before DuckDB opens would die again at once: back off.
      const delay = opened ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** failures);
      const why = invalidated ? "analytics worker retired after DuckDB invalidated its database" : "analytics worker exited";
      logger.error({ pid: worker.pid, code, signal, restartInMs: delay }, `${why}; starting a replacement`);
      const restart = setTimeout(() => {
        restarts.delete(restart);
        start(slot, opened ? 0 : failures + 1);
      }, delay);
      restarts.add(restart);
    });
  };
  for (let slot = 0; slot < config.ANALYTICS_WORKERS; slot++) start(slot, 0);

  const close = async () => {
    closed = true;
    for (const restart of restarts) clearTimeout(restart);
    await Promise.all(workers.map((worker) => worker.stop(STOP_GRACE_MS)));
  };
  try {
    await Promise.all(workers.map((worker) => worker.ready));
  } catch (error) {
    await close();
    throw error;
  }

  /** The least busy live worker, with a session opened on it; waits while every worker is being replaced. */
  async function openSession(isInterrupted: () => boolean): Promise<{ worker: WorkerProcess; session: number }> {
    for (;;) {
      if (closed) throw new Error("the analytics database is closed");
      if (isInterrupted()) throw new AnalyticsTimeoutError();
      const live = workers.filter((worker) => !worker.hasExited());
      const worker = live.reduce<WorkerProcess | undefined>((best, candidate) => (!best || candidate.activeSessions() < best.activeSessions() ? candidate : best), undefined);
      if (!worker) {
        await new Promise((wake) => setTimeout(wake, 50));
        continue;
      }
      const session = worker.beginSession();
      try {
        await worker.ready;
        return { worker, session };
      } catch {
        worker.endSession(session, false);
      }
    }
  }

  /** Runs `work` on one session, with the call's time limit and abort signal; `single`: one statement, which closes it. */
  async function withSession<T>(options: AnalyticsCallOptions | undefined, single: boolean, work: (send: Send) => Promise<T>): Promise<T> {
    let interrupted = false;
    let opened: { worker: WorkerProcess; session: number } | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const interrupt = () => {
      if (interrupted) return;
      interrupted = true;
      if (!opened) return;
      const { worker, session } = opened;
      worker.interrupt(session);
      // DuckDB checks for interrupts between steps; a statement stuck in native code costs its worker.
      killTimer = setTimeout(() => {
        logger.warn({ pid: worker.pid }, "analytics statement ignored its interrupt; killing its worker");
        worker.kill();
      }, INTERRUPT_GRACE_MS);
    };
    const timer = options?.timeoutMs !== undefined ? setTimeout(interrupt, options.timeoutMs) : undefined;
    if (options?.signal?.aborted) interrupt();
    options?.signal?.addEventListener("abort", interrupt, { once: true });
    try {
      opened = await openSession(() => interrupted);
      const { worker, session } = opened;
      return await work((op, sql, params) => (interrupted ? Promise.reject(new AnalyticsTimeoutError()) : worker.statement(session, op, sql, params.map(toStatementParam), single)));
    } catch (error) {
      if (interrupted) throw new AnalyticsTimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
      clearTimeout(killTimer);
      options?.signal?.removeEventListener("abort", interrupt);
      opened?.worker.endSession(opened.session, !single);
    }
  }

  const sessionOf = (send: Send): AnalyticsSession => ({
    all: (sql, params = []) => send("all", sql, params),
    run: async (sql, params = []) => {
      await send("run", sql, params);
    },
  });

  return {
    all: (sql, params, options) => withSession(options, true, (send) => sessionOf(send).all(sql, params)),
    run: (sql, params, options) => withSession(options, true, (send) => sessionOf(send).run(sql, params)),
    session: (work, options) => withSession(options, false, (send) => work(sessionOf(send))),
    close: async () => {
      if (!closed) await close();
    },
    workerPids: () => workers.filter((worker) => !worker.hasExited()).map((worker) => worker.pid),
  };
}
