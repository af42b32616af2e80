import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./gateway-process.js";

/**
 * A private redis-server (no persistence) a test can kill and start again on the same port: a
 * Redis that crashes and comes back empty, as one without persistence does after a restart.
 */
export interface RedisServer {
  url: string;
  /** SIGKILL: every connection drops at once. */
  kill: () => Promise<void>;
  /** Starts it again, empty, on the same port. */
  start: () => void;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = () => {
    server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  };
  const kill = async () => {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  start();
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}
