import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./gateway-process.js";
import { runCommand } from "./run-command.js";
import { waitFor } from "./wait-for.js";

/**
 * A private Redis Cluster of six Debian `redis-server` processes (three primaries, three
 * replicas) on free ports, without persistence, formed by `redis-cli --cluster create`.
 */
export interface RedisCluster {
  /** The value of REDIS_CLUSTER_NODES that reaches it. */
  nodes: string;
  ports: number[];
  /** Kills every node and removes their directories. */
  stop: () => Promise<void>;
}

const NODE_COUNT = 6;

export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), "sluice-redis-cluster-"));
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  const stop = async () => {
    await Promise.all(servers.map(killNode));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < NODE_COUNT; i++) {
      // The cluster bus port is set explicitly: the default, port + 10000, may lie beyond 65535.
      const [port, busPort] = [await freePort(), await freePort()];
      const nodeDir = join(dir, String(port));
      mkdirSync(nodeDir);
      servers.push(spawn("redis-server", [
        "--port", String(port), "--cluster-port", String(busPort), "--bind", "127.0.0.1", "--dir", nodeDir,
        "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000",
        "--save", "", "--appendonly", "no",
      ], { stdio: "ignore" }));
      ports.push(port);
    }
    await Promise.all(ports.map((port) => waitFor(async () => ((await cli(port, "PING")).trim() === "PONG" ? true : undefined))));
    const created = await runCommand("redis-cli", ["--cluster", "create", ...ports.map((port) => `127.0.0.1:${port}`), "--cluster-replicas", "1", "--cluster-yes"], { timeoutMs: 60_000 });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${created.output}`);
    await waitFor(async () => {
      const states = await Promise.all(ports.map((port) => cli(port, "CLUSTER", "INFO")));
      return states.every((info) => info.includes("cluster_state:ok")) ? true : undefined;
    }, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => `127.0.0.1:${port}`).join(","), ports, stop };
}

async function cli(port: number, ...command: string[]): Promise<string> {
  return (await runCommand("redis-cli", ["-p", String(port), ...command], { timeoutMs: 5_000 })).output;
}

async function killNode(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGKILL");
  await exited;
}
