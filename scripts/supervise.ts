import { spawn, type ChildProcess } from "node:child_process";

/**
 * Keeps a set of Node processes running (npm start's gateway and engine): a child that exits
 * without being asked to is restarted after a delay that doubles with each quick failure, while
 * the others keep serving. `stop()` ends them all and restarts nothing.
 */

export interface ProcessSpec {
  name: string;
  /** Arguments to `node`: flags, then the script. */
  args: string[];
}

export interface RestartPolicy {
  /** Delay before the first restart (ms); each further restart in a row waits twice as long. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that ran this long before exiting counts as healthy: its next restart waits initialDelayMs again. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 1_000, maxDelayMs: 30_000, healthyAfterMs: 60_000 };

export type SupervisorEvent =
  | { type: "started"; name: string; pid: number }
  | { type: "exited"; name: string; code: number | null; signal: NodeJS.Signals | null; restartInMs: number }
  | { type: "error"; name: string; message: string };

export interface Supervisor {
  /** The running child of each name (undefined while it waits to restart). */
  child: (name: string) => ChildProcess | undefined;
  /** SIGTERM to every child; resolves when all have exited. */
  stop: () => Promise<void>;
}

export function superviseProcesses(
  specs: ProcessSpec[],
  options: { env: NodeJS.ProcessEnv; onEvent: (event: SupervisorEvent) => void; policy?: RestartPolicy; stdio?: "inherit" | "ignore" },
): Supervisor {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const running = new Map<string, ChildProcess>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let stopping = false;

  const start = (spec: ProcessSpec, delayMs: number) => {
    const child = spawn(process.execPath, spec.args, { stdio: options.stdio ?? "inherit", env: options.env });
    const startedAt = Date.now();
    running.set(spec.name, child);
    if (child.pid !== undefined) options.onEvent({ type: "started", name: spec.name, pid: child.pid });
    // A child that could not be spawned still emits "exit" (code null), which schedules the retry.
    child.on("error", (error) => options.onEvent({ type: "error", name: spec.name, message: error.message }));
    child.once("exit", (code, signal) => {
      running.delete(spec.name);
      if (stopping) return;
      const healthy = Date.now() - startedAt >= policy.healthyAfterMs;
      const restartInMs = healthy ? policy.initialDelayMs : delayMs;
      options.onEvent({ type: "exited", name: spec.name, code, signal, restartInMs });
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) start(spec, Math.min(restartInMs * 2, policy.maxDelayMs));
      }, restartInMs);
      pendingRestarts.add(timer);
    });
  };
  for (const spec of specs) start(spec, policy.initialDelayMs);

  return {
    child: (name) => running.get(name),
    stop: async () => {
      stopping = true;
      for (const timer of pendingRestarts) clearTimeout(timer);
      pendingRestarts.clear();
      await Promise.all(
        [...running.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}
