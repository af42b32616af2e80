import { fork } from "node:child_process";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AnalyticsCrashError, type AnalyticsRow } from "./analytics-db.js";
import { WorkerMessageSchema, type ParentMessage, type WorkerSettings } from "./worker-messages.js";

/**
 * The engine's end of one analytics worker process (analytics-worker.ts): forks it, opens its
 * DuckDB, sends it statements and matches the answers. When the process dies, every statement it
 * was running rejects with AnalyticsCrashError.
 */
export interface WorkerProcess {
  pid: number;
  /** Resolves once DuckDB is open; rejects if the process dies first. */
  ready: Promise<void>;
  /** Resolves when the process has exited, for whatever reason. */
  exited: Promise<WorkerExit>;
  /** The worker's own spill directory (removed by the pool once it exits). */
  spillDirectory: string | undefined;
  hasExited: () => boolean;
  /** Sessions open on this worker: the pool gives new ones to the least busy worker. */
  activeSessions: () => number;
  beginSession: () => number;
  statement: (session: number, op: "all" | "run", sql: string, params: ParentMessageParams, last: boolean) => Promise<AnalyticsRow[]>;
  interrupt: (session: number) => void;
  /** `notify`: tell the worker to close the session's connection (a `last` statement already did). */
  endSession: (session: number, notify: boolean) => void;
  kill: () => void;
  /** Closes the IPC channel (the worker exits on its own), then kills it after `graceMs`. */
  stop: (graceMs: number) => Promise<void>;
}

export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** It retired itself (SIGKILL) after DuckDB invalidated its database. */
  invalidated: boolean;
}

type ParentMessageParams = Extract<ParentMessage, { kind: "statement" }>["params"];

/**
 * How the worker process is started. Compiled (dist/, production), this module is a .js file and
 * the worker's .js file beside it runs on plain node; under tsx or Vitest this module is the .ts
 * source, and so is the worker, run through tsx's loader.
 */
export function workerEntry(moduleUrl: string = import.meta.url): { path: string; execArgv: string[] } {
  const compiled = new URL(moduleUrl).pathname.endsWith(".js");
  return compiled
    ? { path: fileURLToPath(new URL("./analytics-worker.js", moduleUrl)), execArgv: ["--enable-source-maps"] }
    : { path: fileURLToPath(new URL("./analytics-worker.ts", moduleUrl)), execArgv: ["--import", "tsx/esm"] };
}

let nextSession = 1;

export function forkAnalyticsWorker(settings: Omit<WorkerSettings, "spillDirectory">): WorkerProcess {
  const entry = workerEntry();
  // No environment: the process that parses untrusted files holds no secrets.
  const child = fork(entry.path, [], { execArgv: entry.execArgv, serialization: "advanced", env: {}, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const pid = child.pid ?? 0;
  const spillDirectory = settings.DATA_DIR ? resolve(settings.DATA_DIR, "tmp", "duckdb", `${hostname()}-${pid}`) : undefined;
  const pending = new Map<number, { resolve: (rows: AnalyticsRow[]) => void; reject: (error: Error) => void }>();
  const sessions = new Set<number>();
  let nextId = 1;
  let exited = false;
  let invalidated = false;
  let markReady: () => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolveReady, rejectReady) => {
    markReady = resolveReady;
    failReady = rejectReady;
  });
  // A pool that never uses a worker that failed to start must not see an unhandled rejection.
  ready.catch(() => undefined);

  const exitedPromise = new Promise<WorkerExit>((resolveExit) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited) return;
      exited = true;
      const how = signal ?? `exit code ${code}`;
      failReady(new AnalyticsCrashError(`the analytics worker stopped before DuckDB opened (${how})`));
      for (const call of pending.values()) call.reject(new AnalyticsCrashError(`the analytics worker stopped unexpectedly (${how})`));
      pending.clear();
      resolveExit({ code, signal, invalidated });
    };
    child.once("exit", finish);
    // A process that could not be spawned has no exit; send and kill failures end in the exit above.
    child.on("error", () => {
      if (child.pid === undefined) finish(null, null);
    });
  });

  const send = (message: ParentMessage) => {
    if (!exited && child.connected) child.send(message, (error) => error && child.kill("SIGKILL"));
  };

  child.on("message", (raw: unknown) => {
    const message = WorkerMessageSchema.safeParse(raw);
    // A worker that speaks anything else is not ours to trust.
    if (!message.success) return child.kill("SIGKILL");
    const { data } = message;
    if (data.kind === "ready") return markReady();
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.kind === "rows") return call.resolve(data.rows);
    if (data.fatal) invalidated = true;
    call.reject(data.fatal ? new AnalyticsCrashError(`the analytics database failed: ${data.message.split("\n")[0]}`) : new Error(data.message));
  });

  send({ kind: "open", settings: { ...settings, ...(spillDirectory ? { spillDirectory } : {}) } });

  return {
    pid,
    ready,
    exited: exitedPromise,
    spillDirectory,
    hasExited: () => exited,
    activeSessions: () => sessions.size,
    beginSession: () => {
      const session = nextSession++;
      sessions.add(session);
      return session;
    },
    statement: (session, op, sql, params, last) => {
      if (exited) return Promise.reject(new AnalyticsCrashError("the analytics worker stopped unexpectedly"));
      const id = nextId++;
      const answer = new Promise<AnalyticsRow[]>((resolveCall, rejectCall) => pending.set(id, { resolve: resolveCall, reject: rejectCall }));
      send({ kind: "statement", id, session, last, op, sql, params });
      return answer;
    },
    interrupt: (session) => send({ kind: "interrupt", session }),
    endSession: (session, notify) => {
      sessions.delete(session);
      if (notify) send({ kind: "end", session });
    },
    kill: () => {
      if (!exited) child.kill("SIGKILL");
    },
    stop: async (graceMs) => {
      if (exited) return;
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}
