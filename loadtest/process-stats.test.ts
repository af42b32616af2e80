import { describe, expect, it } from "vitest";
import { processIdInRedisInfo } from "./process-stats.js";

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
