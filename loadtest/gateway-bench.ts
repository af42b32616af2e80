import { cpuUsPerRequest, disturbance, gatewayVerdict, GATEWAY_TARGETS, median, medianBy, totalUs, type GatewayVerdict } from "./cpu-per-request.js";
import { runLoad, type LoadFigures } from "./load-generator.js";
import { cpuMs, measureMachineCpu } from "./process-stats.js";

/**
 * The gateway phase of `npm run bench` (DESIGN.md section 13): Sluice's full metered path
 * (GET /v1/whoami) next to a bare Hono hello-world and the Fastify peer (loadtest/fastify-peer.ts),
 * under the same load generator and connections, in alternated rounds. Each is judged by the CPU
 * time it costs per request, its own process's and Redis's, read from /proc: on a shared two-core
 * machine whose speed changes from session to session, requests per second and their ratios are
 * noise, CPU per request far less. The gateway's unmetered GET /healthz is measured beside them:
 * what every gateway answer pays, without the key check and the meter.
 */

/** A server under load: where to send requests, with which headers, and its process. */
export interface Server {
  url: string;
  headers: Record<string, string>;
  pid: number;
}

export interface GatewayServers {
  hello: Server;
  peer: Server;
  metered: Server;
  unmetered: Server;
}

export interface GatewayBenchOptions {
  servers: GatewayServers;
  /** The processes of the Redis that the gateway and the peer use: one server's, or every node's of a cluster. */
  redisPids: number[];
  connections: number;
  warmupSeconds: number;
  measureSeconds: number;
  rounds: number;
}

/** How one server is loaded and whose CPU is counted against it (loadtest/cluster-bench.ts measures with it too). */
export type MeasureOptions = Pick<GatewayBenchOptions, "redisPids" | "connections" | "warmupSeconds" | "measureSeconds">;

/**
 * A load phase's figures: CPU µs per request of the server and of Redis, and how much of the
 * machine other processes and the hypervisor took meanwhile (a phase they disturbed says so).
 */
export type Figures = LoadFigures & { serverCpuUs: number; redisCpuUs: number; totalCpuUs: number; othersPercent: number; stealPercent: number };

type Name = keyof GatewayServers;
const NAMES: Name[] = ["hello", "peer", "metered", "unmetered"];
const LABELS: Record<Name, string> = {
  hello: "hello-world (Hono)",
  peer: "Fastify + @fastify/rate-limit peer",
  metered: "Sluice metered GET /v1/whoami",
  unmetered: "Sluice unmetered GET /healthz",
};

export interface GatewayReport {
  connections: number;
  /** Each server's round with the median total CPU per request. */
  saturated: Record<Name, Figures>;
  rounds: Array<Record<Name, Figures>>;
  verdict: GatewayVerdict;
  /** The tail at one rate for all three: half of the slower of the peer's and the metered path's median saturated rate. */
  half: { rate: number } & Record<Exclude<Name, "unmetered">, Figures>;
  /** Non-2xx answers and errors: of the gateway (metered and unmetered) and of the peer, over every phase. */
  failures: { gateway: number; peer: number };
}

/** One server loaded after its own warm-up: saturated, or open loop at `rate` requests per second. */
export async function measure(options: MeasureOptions, server: Server, rate?: number): Promise<Figures> {
  const load = (seconds: number) => runLoad({ url: server.url, headers: server.headers, connections: options.connections, seconds, ...(rate ? { rate } : {}) });
  const redisCpuMs = () => options.redisPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  await load(options.warmupSeconds);
  const [serverBefore, redisBefore, generatorBefore, machine] = [cpuMs(server.pid), redisCpuMs(), cpuMs(process.pid), measureMachineCpu()];
  const figures = await load(options.measureSeconds);
  const [serverMs, redisMs, generatorMs] = [cpuMs(server.pid) - serverBefore, redisCpuMs() - redisBefore, cpuMs(process.pid) - generatorBefore];
  const cpu = { serverUs: cpuUsPerRequest(serverMs, figures.requests), redisUs: cpuUsPerRequest(redisMs, figures.requests) };
  return { ...figures, serverCpuUs: cpu.serverUs, redisCpuUs: cpu.redisUs, totalCpuUs: totalUs(cpu), ...disturbance(machine.stop(), serverMs + redisMs + generatorMs) };
}

const failuresOf = (figures: Figures[]) => figures.reduce((sum, f) => sum + f.non2xx + f.errors, 0);

export async function measureGateway(options: GatewayBenchOptions): Promise<GatewayReport> {
  const { servers } = options;
  process.stdout.write(`Saturation: ${options.connections} connections, ${options.measureSeconds} s each after ${options.warmupSeconds} s warm-up, ${options.rounds} alternated rounds\n`);
  const rounds: GatewayReport["rounds"] = [];
  for (let round = 0; round < options.rounds; round++) {
    // One after the other, in this order, each with its own warm-up.
    const hello = await measure(options, servers.hello);
    const peer = await measure(options, servers.peer);
    const metered = await measure(options, servers.metered);
    const unmetered = await measure(options, servers.unmetered);
    rounds.push({ hello, peer, metered, unmetered });
  }
  const medianRound = (name: Name) => medianBy(rounds.map((round) => round[name]), (f) => f.totalCpuUs)!;
  const saturated = { hello: medianRound("hello"), peer: medianRound("peer"), metered: medianRound("metered"), unmetered: medianRound("unmetered") };
  const verdict = gatewayVerdict(rounds.map((round) => ({ hello: cpuOf(round.hello), peer: cpuOf(round.peer), metered: cpuOf(round.metered) })));

  const rate = Math.max(1, Math.round(Math.min(median(rounds.map((r) => r.peer.rps)), median(rounds.map((r) => r.metered.rps))) / 2));
  process.stdout.write(`Half of the slower of the peer and the metered path at saturation: ${rate} requests/s for all three\n`);
  const half = { rate, hello: await measure(options, servers.hello, rate), peer: await measure(options, servers.peer, rate), metered: await measure(options, servers.metered, rate) };

  return {
    connections: options.connections,
    saturated,
    rounds,
    verdict,
    half,
    failures: {
      gateway: failuresOf([...rounds.flatMap((round) => [round.metered, round.unmetered]), half.metered]),
      peer: failuresOf([...rounds.map((round) => round.peer), half.peer]),
    },
  };
}

const cpuOf = (f: Figures) => ({ serverUs: f.serverCpuUs, redisUs: f.redisCpuUs });
const verdictWord = (met: boolean) => (met ? "met" : "**not met**");

export function gatewayTable(report: GatewayReport): string[] {
  const { verdict, half } = report;
  const row = (label: string, f: Figures) =>
    `| ${label} | ${f.serverCpuUs} | ${f.redisCpuUs} | ${f.totalCpuUs} | ${f.rps.toLocaleString("en")} | ${f.p50} / ${f.p99} | ${f.non2xx + f.errors} | ${f.othersPercent} / ${f.stealPercent} |`;
  return [
    `Saturated, ${report.connections} connections, each server's median round of ${report.rounds.length}:`,
    "",
    "| server | server CPU µs/request | Redis CPU µs/request | total µs/request | requests/s | p50 / p99 ms | non-2xx + errors | machine: others / steal % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...NAMES.map((name) => row(LABELS[name], report.saturated[name])),
    "",
    `each round's machine share taken by other processes, %: ${report.rounds.map((round) => NAMES.map((name) => round[name].othersPercent).join("/")).join(", ")} (${NAMES.join("/")})`,
    `metered / peer, total CPU per request: ${verdict.meteredToPeer.median} (target <= ${GATEWAY_TARGETS.meteredToPeerAtMost}: ${verdictWord(verdict.meteredToPeer.met)}); each round: ${verdict.meteredToPeer.each.join(", ")}`,
    `metered total / hello-world server CPU per request: ${verdict.meteredToHello.median} (target <= ${GATEWAY_TARGETS.meteredToHelloAtMost}: ${verdictWord(verdict.meteredToHello.met)}); each round: ${verdict.meteredToHello.each.join(", ")}`,
    "(hello-world sends nothing to Redis: its Redis column is what the bench's Redis spends meanwhile on its own and on the idle gateway)",
    "",
    `All three at ${half.rate.toLocaleString("en")} requests/s, open loop (the tail is reported, not a target):`,
    "",
    "| server | server CPU µs/request | Redis CPU µs/request | total µs/request | requests/s | p50 / p99 ms | non-2xx + errors | machine: others / steal % |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    row(LABELS.hello, half.hello),
    row(LABELS.peer, half.peer),
    row(LABELS.metered, half.metered),
    "",
  ];
}
