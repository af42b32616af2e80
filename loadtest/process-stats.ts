import { readdirSync, readFileSync } from "node:fs";

/**
 * What the bench reads of processes from /proc (Linux only; elsewhere NaN): resident memory, and
 * CPU time, so a figure can say what each process spent per unit of work, which varies far less
 * from run to run than a rate on a shared two-core machine.
 */

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** A process's resident memory in MB. */
export function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/** The fields of /proc/<pid>/stat after the command name, from field 3 (state) on. */
function statFields(stat: string): string[] {
  // The command name (field 2) may hold spaces and parentheses; the fields after its last closing parenthesis do not.
  return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
}

/** User plus system CPU time a process has used, in ms (NaN once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = statFields(readFileSync(`/proc/${pid}/stat`, "utf8"));
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** The parent pid (field 4) in the text of /proc/<pid>/stat; NaN for other text. */
export function parentPidIn(stat: string): number {
  return stat.includes(") ") ? Number(statFields(stat)[1]) : Number.NaN;
}

/** The processes below `root` in a process table of pid and parent pid: children, theirs, and so on. */
export function descendantsIn(root: number, table: ReadonlyArray<{ pid: number; parent: number }>): number[] {
  const found: number[] = [];
  const pending = [root];
  for (let parent = pending.pop(); parent !== undefined; parent = pending.pop()) {
    for (const row of table) {
      if (row.parent === parent && row.pid !== root && !found.includes(row.pid)) {
        found.push(row.pid);
        pending.push(row.pid);
      }
    }
  }
  return found;
}

/**
 * The live descendants of a process, from the parent pid of every process in /proc: the engine's
 * analytics workers (DuckDB runs in them, decision 0016), including replacements of dead ones.
 */
export function descendantPids(root: number): number[] {
  const table: Array<{ pid: number; parent: number }> = [];
  for (const entry of listProc()) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      table.push({ pid: Number(entry), parent: parentPidIn(readFileSync(`/proc/${entry}/stat`, "utf8")) });
    } catch {
      // Gone since the listing.
    }
  }
  return descendantsIn(root, table);
}

function listProc(): string[] {
  try {
    return readdirSync("/proc");
  } catch {
    return [];
  }
}

/**
 * The pid in the answer to Redis's `INFO server` (NaN when absent): the process of the Redis the
 * bench uses, where the machine may run other redis-server processes (tests start private ones).
 */
export function processIdInRedisInfo(info: string): number {
  return Number(/^process_id:(\d+)\r?$/m.exec(info)?.[1] ?? Number.NaN);
}

/** The processes whose command name (/proc/<pid>/comm) is `name`, such as every PostgreSQL backend. */
export function pidsNamed(name: string): number[] {
  return listProc().filter((entry) => /^\d+$/.test(entry) && commandName(entry) === name).map(Number);
}

function commandName(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}

export type CpuGroups = Record<string, () => number[]>;

/**
 * CPU used by groups of processes between `start()` and `stop()`, in ms per group. A group lists
 * its processes anew at each end (PostgreSQL starts a backend per connection); a process that
 * started or ended in between is not counted, so keep the connections open. NaN for a group
 * with no process to read (not Linux).
 */
export function measureCpu(groups: CpuGroups): { stop: () => Record<string, number> } {
  const read = () => Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, new Map(pids().map((pid) => [pid, cpuMs(pid)]))]));
  const before = read();
  return {
    stop() {
      const after = read();
      return Object.fromEntries(
        Object.entries(after).map(([name, now]) => {
          if (now.size === 0) return [name, Number.NaN];
          let used = 0;
          for (const [pid, ms] of now) {
            const then = before[name]?.get(pid);
            if (then !== undefined && Number.isFinite(ms) && Number.isFinite(then)) used += ms - then;
          }
          return [name, used];
        }),
      );
    },
  };
}

/** The machine's CPU time over all cores, in ms: busy (user, nice, system, irq, softirq), stolen by the hypervisor, and all of it. */
export interface MachineCpu {
  busyMs: number;
  stealMs: number;
  totalMs: number;
}

/** MachineCpu from the text of /proc/stat (its first line sums every core); NaN where unreadable. */
export function machineCpuIn(stat: string): MachineCpu {
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is within user)
  const ticks = (stat.split("\n")[0] ?? "").trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8) return { busyMs: Number.NaN, stealMs: Number.NaN, totalMs: Number.NaN };
  const [user, nice, system, , , irq, softirq, steal] = ticks as [number, number, number, number, number, number, number, number];
  const ms = (tick: number) => (tick * 1_000) / TICKS_PER_SECOND;
  return { busyMs: ms(user + nice + system + irq + softirq), stealMs: ms(steal), totalMs: ms(ticks.reduce((sum, value) => sum + value, 0)) };
}

/**
 * The machine's CPU time between `start` and `stop()`. On a shared virtual machine it says how
 * much a phase was disturbed from outside: by other processes (busy time that is not the
 * measured ones') and by the hypervisor giving the CPU to other guests (steal), which stalls
 * every process at once and shows up in the latency tail.
 */
export function measureMachineCpu(): { stop: () => MachineCpu } {
  const read = () => {
    try {
      return machineCpuIn(readFileSync("/proc/stat", "utf8"));
    } catch {
      return machineCpuIn("");
    }
  };
  const before = read();
  return {
    stop() {
      const after = read();
      return { busyMs: after.busyMs - before.busyMs, stealMs: after.stealMs - before.stealMs, totalMs: after.totalMs - before.totalMs };
    },
  };
}
