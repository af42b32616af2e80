import { describe, expect, it } from "vitest";
import { machineCpuIn, processIdInRedisInfo } from "./process-stats.js";

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
