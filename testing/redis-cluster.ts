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
  /** The nodes' process ids, in the order of `ports` (for their CPU time). */
  pids: number[];
  /** The port of the primary that serves `key`'s slot. */
  primaryOf: (key: string) => Promise<number>;
  /**
   * Fails over the primary on `port` as an operator would: `CLUSTER FAILOVER` sent to its
   * replica, which is awaited as the new primary in every node's view; then the old primary's
   * process is killed. Resolves to the new primary's port.
   */
  failOver: (port: number) => Promise<number>;
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
  const serverOn = (port: number) => servers[ports.indexOf(port)]!;
  return {
    nodes: ports.map((port) => `127.0.0.1:${port}`).join(","),
    ports,
    pids: servers.map((server) => server.pid ?? 0),
    primaryOf: async (key) => primaryOfSlot(ports, Number((await cli(ports[0]!, "CLUSTER", "KEYSLOT", key)).trim())),
    failOver: async (port) => {
      const replica = await replicaOf(port);
      const answer = (await cli(replica, "CLUSTER", "FAILOVER")).trim();
      if (answer !== "OK") throw new Error(`CLUSTER FAILOVER on ${replica} answered ${answer}`);
      const live = ports.filter((other) => other !== port);
      await waitFor(async () => {
        const views = await Promise.all(live.map(async (other) => parseNodes(await cli(other, "CLUSTER", "NODES"))));
        return views.every((nodes) => nodes.some((node) => node.port === replica && node.primary)) ? true : undefined;
      }, 20_000);
      await killNode(serverOn(port));
      return replica;
    },
    stop,
  };
}

interface ClusterNode {
  id: string;
  port: number;
  primary: boolean;
  primaryId: string;
  slots: Array<[number, number]>;
}

/** The lines of `CLUSTER NODES`: `id host:port@bus flags primary-id ping pong epoch link slot...`. */
function parseNodes(text: string): ClusterNode[] {
  return text.trim().split("\n").filter(Boolean).map((line) => {
    const [id = "", address = "", flags = "", primaryId = "", , , , , ...slots] = line.trim().split(" ");
    return {
      id,
      port: Number(address.split("@")[0]!.split(":")[1]),
      primary: flags.split(",").includes("master") && !flags.includes("fail"),
      primaryId,
      slots: slots.filter((range) => !range.startsWith("[")).map((range) => {
        const [from, to = from] = range.split("-");
        return [Number(from), Number(to)];
      }),
    };
  });
}

async function primaryOfSlot(ports: number[], slot: number): Promise<number> {
  const nodes = parseNodes(await cli(ports[0]!, "CLUSTER", "NODES"));
  const owner = nodes.find((node) => node.primary && node.slots.some(([from, to]) => slot >= from && slot <= to));
  if (!owner) throw new Error(`no primary serves slot ${slot}`);
  return owner.port;
}

async function replicaOf(port: number): Promise<number> {
  const nodes = parseNodes(await cli(port, "CLUSTER", "NODES"));
  const primary = nodes.find((node) => node.port === port);
  const replica = nodes.find((node) => node.primaryId === primary?.id);
  if (!replica) throw new Error(`no replica of the primary on ${port}`);
  return replica.port;
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
