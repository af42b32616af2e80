import { spawn } from "node:child_process";
import { cpuMs, rssMb } from "./process-stats.js";

/**
 * BENCH_ONLY=footprint: what the gateway and the engine cost before they serve anything, started
 * as production starts them (compiled, plain node) beside how they ran before (TypeScript
 * compiled at run time by tsx, with its transform cache warm, as on a long-lived host, and
 * without it, as in a fresh container): time from spawn to ready, CPU spent starting, resident
 * memory once ready and after a short idle. Each variant starts FOOTPRINT_STARTS times, in turn
 * with the others; the medians are reported.
 */

const STARTS = Math.max(1, Number(process.env.FOOTPRINT_STARTS ?? 5));
const SETTLE_MS = 3_000;

export interface Variant {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

/** How each process runs: compiled (production) and under tsx (before). */
export function footprintVariants(source: string): Variant[] {
  const compiled = `dist/${source.replace(/\.ts$/, ".js")}`;
  return [
    { name: "compiled, plain node", args: ["--enable-source-maps", compiled] },
    { name: "tsx, cache warm", args: ["--import", "tsx/esm", source] },
    { name: "tsx, no cache", args: ["--import", "tsx/esm", source], env: { TSX_DISABLE_CACHE: "1" } },
  ];
}

interface StartFigures {
  readyMs: number;
  startCpuMs: number;
  readyRssMb: number;
  settledRssMb: number;
}

export interface FootprintRow extends StartFigures {
  process: string;
  variant: string;
  starts: number;
}

/** One start: spawn, poll `isReady` every 10 ms, read /proc, settle, read RSS again, stop. */
async function startOnce(variant: Variant, env: Record<string, string>, isReady: (output: string) => Promise<boolean>): Promise<StartFigures> {
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { env: { ...process.env, ...env, ...variant.env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + 60_000;
    while (!(await isReady(output))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${variant.args.join(" ")} did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    const pid = child.pid ?? 0;
    const [startCpuMs, readyRssMb] = [cpuMs(pid), rssMb(pid)];
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { readyMs: Math.round(readyMs), startCpuMs, readyRssMb, settledRssMb: rssMb(pid) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function measureFootprint(processes: Array<{ name: string; source: string; env: Record<string, string>; isReady: (output: string) => Promise<boolean> }>): Promise<FootprintRow[]> {
  const rows: FootprintRow[] = [];
  for (const target of processes) {
    const variants = footprintVariants(target.source);
    const runs = new Map<string, StartFigures[]>(variants.map((variant) => [variant.name, []]));
    for (let start = 0; start < STARTS; start++) {
      for (const variant of variants) runs.get(variant.name)!.push(await startOnce(variant, target.env, target.isReady));
    }
    for (const variant of variants) {
      const figures = runs.get(variant.name)!;
      const of = (key: keyof StartFigures) => median(figures.map((f) => f[key]));
      rows.push({ process: target.name, variant: variant.name, starts: figures.length, readyMs: of("readyMs"), startCpuMs: of("startCpuMs"), readyRssMb: of("readyRssMb"), settledRssMb: of("settledRssMb") });
    }
  }
  return rows;
}

export function footprintTable(rows: FootprintRow[]): string[] {
  return [
    `| process | how it runs | spawn to ready ms | CPU ms to start | RSS MB at ready | RSS MB ${SETTLE_MS / 1_000} s later |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.process} | ${row.variant} | ${row.readyMs} | ${row.startCpuMs} | ${row.readyRssMb} | ${row.settledRssMb} |`),
    `(medians of ${rows[0]?.starts ?? 0} starts each, taken in turn)`,
    "",
  ];
}
