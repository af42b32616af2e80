import { median, medianBy } from "./cpu-per-request.js";
import { measure, type Figures, type MeasureOptions, type Server } from "./gateway-bench.js";
import { cpuMs } from "./process-stats.js";

/**
 * `BENCH_ONLY=cluster` (issue 39): the gateway bench's metered request (GET /v1/whoami with the
 * bench fixture's key) against two gateways in one run, one on a redis-server of its own and one
 * on a six-node Redis Cluster (testing/redis-cluster.ts), in alternated saturation rounds. Each is
 * judged by CPU per request (DESIGN.md section 13): the gateway's process, and Redis's, which for
 * the cluster is the sum over all six node processes (replicas apply every write too). The
 * admission rate is the 2xx answers per second at the load the bench's generator applies: a
 * closed loop of its connections on this shared machine, not the capacity of either Redis.
 */

/** A gateway and the Redis processes whose CPU counts against it. */
export type Setup = Server & { redisPids: number[] };

export interface ClusterBenchOptions extends Omit<MeasureOptions, "redisPids"> {
  single: Setup;
  cluster: Setup;
  rounds: number;
}

type Name = "single" | "cluster";
const NAMES: Name[] = ["single", "cluster"];
const LABELS: Record<Name, string> = { single: "one redis-server", cluster: "6-node cluster (3 primaries, 3 replicas)" };

export interface ClusterReport {
  connections: number;
  measureSeconds: number;
  /** Each setup's round with the median total CPU per request. */
  saturated: Record<Name, Figures>;
  rounds: Array<Record<Name, Figures>>;
  /**
   * CPU ms per second each setup's Redis spent while the other setup was loaded (its gateway
   * idle): the floor its Redis column carries whatever the traffic. Median over the rounds.
   */
  idleRedisMsPerSecond: Record<Name, number>;
  /** Non-2xx answers and errors over every round. */
  failures: number;
}

export async function measureCluster(options: ClusterBenchOptions): Promise<ClusterReport> {
  process.stdout.write(`Metered GET /v1/whoami, one Redis against a cluster: ${options.connections} connections, ${options.measureSeconds} s each after ${options.warmupSeconds} s warm-up, ${options.rounds} alternated rounds\n`);
  const rounds: ClusterReport["rounds"] = [];
  const idle: Record<Name, number[]> = { single: [], cluster: [] };
  /** Measures one setup, and meanwhile the other's Redis, idle. */
  const measureSetup = async (name: Name, other: Name) => {
    const { redisPids, ...server } = options[name];
    const otherCpuMs = () => options[other].redisPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const [before, start] = [otherCpuMs(), performance.now()];
    const figures = await measure({ ...options, redisPids }, server);
    idle[other].push(Math.round((1_000 * (otherCpuMs() - before)) / (performance.now() - start)));
    return figures;
  };
  for (let round = 0; round < options.rounds; round++) {
    const single = await measureSetup("single", "cluster");
    const cluster = await measureSetup("cluster", "single");
    rounds.push({ single, cluster });
  }
  const medianRound = (name: Name) => medianBy(rounds.map((round) => round[name]), (f) => f.totalCpuUs)!;
  return {
    connections: options.connections,
    measureSeconds: options.measureSeconds,
    saturated: { single: medianRound("single"), cluster: medianRound("cluster") },
    rounds,
    idleRedisMsPerSecond: { single: median(idle.single), cluster: median(idle.cluster) },
    failures: rounds.reduce((sum, round) => sum + NAMES.reduce((each, name) => each + round[name].non2xx + round[name].errors, 0), 0),
  };
}

/** 2xx answers per second: the requests the gateway admitted. */
export function admittedPerSecond(f: Pick<Figures, "rps" | "requests" | "non2xx" | "errors">): number {
  if (!(f.requests > 0)) return 0;
  return Math.round((f.rps * (f.requests - f.non2xx - f.errors)) / f.requests);
}

export function clusterTable(report: ClusterReport): string[] {
  const row = (name: Name, f: Figures) =>
    `| ${LABELS[name]} | ${f.serverCpuUs} | ${f.redisCpuUs} | ${f.totalCpuUs} | ${admittedPerSecond(f).toLocaleString("en")} | ${f.p50} / ${f.p99} | ${f.non2xx + f.errors} | ${f.othersPercent} / ${f.stealPercent} |`;
  const each = (name: Name, pick: (f: Figures) => number) => report.rounds.map((round) => pick(round[name])).join(", ");
  return [
    `Metered GET /v1/whoami, saturated by ${report.connections} connections (closed loop), ${report.measureSeconds} s per round, each setup's median round of ${report.rounds.length}:`,
    "",
    "| Redis | gateway CPU µs/request | Redis CPU µs/request | total µs/request | admitted requests/s at this load | p50 / p99 ms | non-2xx + errors | machine: others / steal % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...NAMES.map((name) => row(name, report.saturated[name])),
    "",
    ...NAMES.map((name) => `${name}, each round: gateway µs ${each(name, (f) => f.serverCpuUs)}; Redis µs ${each(name, (f) => f.redisCpuUs)}; admitted/s ${each(name, admittedPerSecond)}`),
    `Redis CPU while the setup's gateway idled (the other was loaded), median: one redis-server ${report.idleRedisMsPerSecond.single} ms/s, the cluster's six nodes ${report.idleRedisMsPerSecond.cluster} ms/s`,
    "(the cluster's Redis column sums all six node processes: replicas, cluster bus and idle cost included)",
    "",
  ];
}
