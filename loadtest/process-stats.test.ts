import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { descendantPids, descendantsIn, machineCpuIn, parentPidIn, processIdInRedisInfo } from "./process-stats.js";

describe("processIdInRedisInfo", () => {
  it("reads the server's pid from INFO server", () => {
    const info = "# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\nprocess_id:4242\r\nprocess_supervised:no\r\nrun_id:ab\r\n";
    expect(processIdInRedisInfo(info)).toBe(4242);
  });

  it("is NaN when the answer has no pid, so no other process is read in its place", () => {
    expect(processIdInRedisInfo("# Server\r\nredis_version:7.0.15\r\n")).toBeNaN();
    expect(processIdInRedisInfo("parent_process_id:12\r\n")).toBeNaN();
  });
});

describe("machineCpuIn", () => {
  it("reads busy, stolen and total time of all cores from /proc/stat's first line, in ms", () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const stat = "cpu  100 5 40 800 20 3 2 30 0 0\ncpu0 50 2 20 400 10 1 1 15 0 0\n";
    expect(machineCpuIn(stat)).toEqual({ busyMs: 1_500, stealMs: 300, totalMs: 10_000 });
  });

  it("is NaN for text that is not /proc/stat", () => {
    expect(machineCpuIn("")).toEqual({ busyMs: Number.NaN, stealMs: Number.NaN, totalMs: Number.NaN });
  });
});

describe("parentPidIn", () => {
  it("reads the parent pid after a command name that holds spaces and parentheses", () => {
    expect(parentPidIn("4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 1 0 0 0 7 3 0 0 20 0 11 0")).toBe(4200);
  });

  it("is NaN for text that is not /proc/<pid>/stat", () => {
    expect(parentPidIn("")).toBeNaN();
  });
});

describe("descendantsIn", () => {
  it("finds children and grandchildren of the root, and no other process", () => {
    const table = [
      { pid: 1, parent: 0 },
      { pid: 10, parent: 1 },
      { pid: 11, parent: 10 },
      { pid: 12, parent: 10 },
      { pid: 13, parent: 12 },
      { pid: 20, parent: 1 },
      { pid: 21, parent: 20 },
    ];
    expect(descendantsIn(10, table).sort((a, b) => a - b)).toEqual([11, 12, 13]);
  });

  it("is empty for a process without children", () => {
    expect(descendantsIn(13, [{ pid: 13, parent: 12 }])).toEqual([]);
  });
});

describe("descendantPids", () => {
  it("lists a child process this process started", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => undefined, 10_000)"], { stdio: "ignore" });
    try {
      expect(descendantPids(process.pid)).toContain(child.pid);
    } finally {
      child.kill();
    }
  });
});
