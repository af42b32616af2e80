import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { ChildMessageSchema, type ChildMessage, type Statement } from "./duckdb-alone-messages.js";

/** The bench's end of the DuckDB-alone child (duckdb-alone.ts). */
export interface DuckDBAlone {
  pid: number;
  threads: number;
  memoryLimit: string;
  /** Runs the statements one after the other; CPU ms of the child and wall ms while they ran. */
  run: (statements: Statement[]) => Promise<{ cpuMs: number; wallMs: number }>;
  stop: () => Promise<void>;
}

/**
 * Starts the child (through tsx, like the bench; the loader costs start-up, not statements),
 * `lowerPriorityBy` nice steps below the bench, so it runs at the servers' priority.
 */
export async function startDuckDBAlone(lowerPriorityBy: number): Promise<DuckDBAlone> {
  const node = [process.execPath, "--import", "tsx/esm", fileURLToPath(new URL("./duckdb-alone.ts", import.meta.url))];
  const [file, ...args] = lowerPriorityBy > 0 ? ["nice", "-n", String(lowerPriorityBy), ...node] : node;
  const child = spawn(file ?? "", args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = once(child, "exit").then(([code, signal]) => {
    throw new Error(`the DuckDB-alone process exited (${String(code ?? signal)})`);
  });
  exited.catch(() => undefined);
  const next = async (): Promise<ChildMessage> => ChildMessageSchema.parse((await Promise.race([once(child, "message"), exited]))[0]);

  const ready = await next();
  if (ready.kind !== "ready") throw new Error(`the DuckDB-alone process did not start: ${JSON.stringify(ready)}`);
  return {
    pid: child.pid ?? 0,
    threads: ready.threads,
    memoryLimit: ready.memoryLimit,
    run: async (statements) => {
      const answer = next();
      child.send({ statements });
      const ran = await answer;
      if (ran.kind !== "ran") throw new Error(`DuckDB alone: ${ran.kind === "failed" ? ran.message : ran.kind}`);
      return { cpuMs: ran.cpuMs, wallMs: ran.wallMs };
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, "exit");
      child.disconnect();
      await gone;
    },
  };
}
