/**
 * The arithmetic of the gateway table (DESIGN.md section 13): CPU time per request, and the
 * metered path's total CPU per request against its two baselines, round by round.
 */

/** The targets: the metered path's total CPU per request at most the peer's, and at most 2x hello-world's. */
export const GATEWAY_TARGETS = { meteredToPeerAtMost: 1, meteredToHelloAtMost: 2 } as const;

/** Microseconds of CPU per request, to 0.1 µs: the milliseconds a process used over the requests answered. NaN without requests. */
export function cpuUsPerRequest(cpuMsUsed: number, requests: number): number {
  if (!(requests > 0)) return Number.NaN;
  return Math.round((cpuMsUsed * 10_000) / requests) / 10;
}

/**
 * What else the machine did during a phase, in percent of all its cores' time: busy time that was
 * not the measured processes' own (`ownMs`: the server's, Redis's and the load generator's), and
 * time the hypervisor gave to other guests.
 */
export function disturbance(machine: { busyMs: number; stealMs: number; totalMs: number }, ownMs: number): { othersPercent: number; stealPercent: number } {
  const percent = (ms: number) => Math.round((1_000 * ms) / machine.totalMs) / 10;
  return { othersPercent: percent(Math.max(0, machine.busyMs - ownMs)), stealPercent: percent(machine.stealMs) };
}

/** One server's CPU per request in a phase: its own process's, and Redis's. */
export interface CpuPerRequest {
  serverUs: number;
  redisUs: number;
}

/** What a request costs the machine: the server's CPU and Redis's. */
export function totalUs(cpu: CpuPerRequest): number {
  return Math.round((cpu.serverUs + cpu.redisUs) * 10) / 10;
}

/** One saturation round: each server measured once, one after the other, on the same machine. */
export interface GatewayRound {
  hello: CpuPerRequest;
  peer: CpuPerRequest;
  metered: CpuPerRequest;
}

const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;

/**
 * The metered path's total CPU per request over the peer's total, and over hello-world's server
 * alone: hello-world sends nothing to Redis, so what Redis spends during its phase is not
 * hello-world's.
 */
export function roundRatios(round: GatewayRound): { toPeer: number; toHello: number } {
  return { toPeer: ratio(totalUs(round.metered), totalUs(round.peer)), toHello: ratio(totalUs(round.metered), round.hello.serverUs) };
}

/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: number[]): number {
  return medianBy(values, (value) => value) ?? Number.NaN;
}

/** The element with the middle `score` (the upper one of an even count); undefined for none. */
export function medianBy<T>(values: readonly T[], score: (value: T) => number): T | undefined {
  return [...values].sort((a, b) => score(a) - score(b))[Math.floor(values.length / 2)];
}

export interface GatewayVerdict {
  /** Metered / peer total CPU per request: the median round's, and each round's in order. */
  meteredToPeer: { median: number; each: number[]; met: boolean };
  /** Metered total / hello-world server CPU per request. */
  meteredToHello: { median: number; each: number[]; met: boolean };
}

/** Each round's ratios and their medians against the targets; the machine changes speed between rounds, so the ratio within a round is what counts. */
export function gatewayVerdict(rounds: GatewayRound[]): GatewayVerdict {
  const each = rounds.map(roundRatios);
  const toPeer = median(each.map((r) => r.toPeer));
  const toHello = median(each.map((r) => r.toHello));
  return {
    meteredToPeer: { median: toPeer, each: each.map((r) => r.toPeer), met: toPeer <= GATEWAY_TARGETS.meteredToPeerAtMost },
    meteredToHello: { median: toHello, each: each.map((r) => r.toHello), met: toHello <= GATEWAY_TARGETS.meteredToHelloAtMost },
  };
}
