import { captureLog } from "./captured-logs.js";
import { spawn, type ChildProcess } from "node:child_process";
import { z } from "zod";
import { serverProcessArgs, type ProcessBuild } from "./gateway-process.js";

export interface EngineProcess {
  process: ChildProcess;
  /** The engine's instance id, as in its heartbeat and on the jobs it takes (`processedBy`). */
  instanceId: string;
  output: () => string;
  /** SIGKILL: the process dies mid-job, without any cleanup. */
  kill: () => Promise<void>;
  /** SIGTERM: the engine drains and stops. */
  stop: () => Promise<void>;
}

/** The real engine (`engine/main.ts`) in a child process, resolved once its workers run. */
export async function startEngineProcess(env: Record<string, string>, build: ProcessBuild = "source"): Promise<EngineProcess> {
  let output = "";
  const child = spawn(process.execPath, serverProcessArgs("engine/main.ts", build), {
    // A free metrics port: several engines run side by side.
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", LOG_PRETTY: "false", ENGINE_METRICS_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    captureLog("engine-process", chunk.toString());
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  const deadline = Date.now() + 60_000;
  while (!RUNNING_LINE.test(output)) {
    if (child.exitCode !== null) throw new Error(`the engine exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the engine did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const instanceId = runningInstanceId(output);
  const ended = new Promise((resolve) => child.once("exit", resolve));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(name);
    await ended;
  };
  return { process: child, instanceId, output: () => output, kill: () => signal("SIGKILL"), stop: () => signal("SIGTERM") };
}

/** The whole line (up to its newline) the engine logs once its workers run. */
const RUNNING_LINE = /^(.*"msg":"engine running".*)\n/m;
const RunningLineSchema = z.object({ msg: z.literal("engine running"), instanceId: z.string() });

function runningInstanceId(output: string): string {
  return RunningLineSchema.parse(JSON.parse(RUNNING_LINE.exec(output)?.[1] ?? "")).instanceId;
}
