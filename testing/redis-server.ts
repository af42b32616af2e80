import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./gateway-process.js";

/**
 * A private redis-server a test can kill and start again on the same port. By default it has no
 * persistence: a Redis that crashes and comes back empty, as one without persistence does after
 * a restart. `persistence` replaces those settings (e.g. `["--appendonly", "yes"]`); its files
 * go to a temporary directory that `stop` removes.
 */
export interface RedisServer {
  url: string;
  /** SIGKILL: every connection drops at once. */
  kill: () => Promise<void>;
  /** Starts it again on the same port (empty unless it persists). */
  start: () => void;
  /** Kills it and removes its data directory. */
  stop: () => Promise<void>;
}

const NO_PERSISTENCE = ["--save", "", "--appendonly", "no"];

export async function startRedisServer(options: { persistence?: string[] } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "sluice-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, ...(options.persistence ?? NO_PERSISTENCE)];
  let server: ChildProcess | undefined;
  const start = () => {
    server = spawn("redis-server", args, { stdio: "ignore" });
  };
  const kill = async () => {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  const stop = async () => {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  };
  start();
  return { url: `redis://127.0.0.1:${port}`, kill, start, stop };
}
