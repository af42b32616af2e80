import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { workerEntry } from "../engine/analytics/worker-process.js";
import { SERVER_ENTRY_POINTS, compiledPath, nonProductionPackages, serverModuleGraph } from "./build.js";

describe("the server build", () => {
  it("reaches from the production entry points only production dependencies", async () => {
    const graph = await serverModuleGraph();
    for (const entry of [...SERVER_ENTRY_POINTS, "migrations/run.ts", "gateway/app.ts", "engine/engine.ts", "engine/analytics/analytics-worker.ts"]) expect(graph.files).toContain(entry);
    expect(graph.files.filter((file) => /\.test\.ts$|^testing\/|^portal\//.test(file))).toEqual([]);
    expect(graph.packages).toContain("hono");
    expect(nonProductionPackages(graph.packages)).toEqual([]);
  });

  it("names the packages the image would not install", () => {
    expect(nonProductionPackages(["hono", "tsx", "vitest", "@scalar/api-reference"])).toEqual(["tsx", "vitest", "@scalar/api-reference"]);
  });

  it("compiles the analytics worker where the compiled engine forks it", () => {
    // The engine forks its analytics workers by path: no import reaches the worker's module.
    expect(SERVER_ENTRY_POINTS).toContain("engine/analytics/analytics-worker.ts");
    const compiledPool = pathToFileURL(resolve(compiledPath("engine/analytics/worker-process.ts"))).href;
    expect(workerEntry(compiledPool)).toEqual({ path: resolve(compiledPath("engine/analytics/analytics-worker.ts")), execArgv: ["--enable-source-maps"] });
  });

  it("mirrors the tree in dist/", () => {
    expect(compiledPath("gateway/main.ts")).toBe("dist/gateway/main.js");
    expect(compiledPath("migrations/202611210900_create-identity.ts")).toBe("dist/migrations/202611210900_create-identity.js");
  });
});
