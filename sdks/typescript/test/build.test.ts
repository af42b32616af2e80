import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the @sluice/sdk package", () => {
  it("compiles on its own with the DOM and ES libraries only, and has no runtime dependencies", () => {
    const result = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "sdks/typescript/tsconfig.build.json", "--noEmit"], { encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.name).toBe("@sluice/sdk");
  }, 60_000);
});
