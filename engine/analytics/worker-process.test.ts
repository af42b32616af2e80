import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { workerEntry } from "./worker-process.js";

describe("workerEntry", () => {
  it("runs the worker's TypeScript source through tsx when this module is the source", () => {
    expect(workerEntry("file:///srv/sluice/engine/analytics/worker-process.ts")).toEqual({
      path: "/srv/sluice/engine/analytics/analytics-worker.ts",
      execArgv: ["--import", "tsx/esm"],
    });
    // Under Vitest too: this very module is the .ts source.
    expect(workerEntry().path).toBe(fileURLToPath(new URL("./analytics-worker.ts", import.meta.url)));
  });

  it("runs the compiled worker on plain node when this module is compiled", () => {
    expect(workerEntry("file:///app/dist/engine/analytics/worker-process.js")).toEqual({
      path: "/app/dist/engine/analytics/analytics-worker.js",
      execArgv: ["--enable-source-maps"],
    });
  });
});
