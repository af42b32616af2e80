import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SDK_DIR = new URL("../", import.meta.url).pathname;

describe("the @sluice/sdk package", () => {
  it("compiles on its own with the DOM and ES libraries only, and has no runtime dependencies", () => {
    const result = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "sdks/typescript/tsconfig.build.json", "--noEmit"], { encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.name).toBe("@sluice/sdk");
  }, 60_000);

  it("installs from its folder as the README says (npm install <repo>/sdks/typescript), offline, and imports compiled", () => {
    const app = mkdtempSync(join(tmpdir(), "sluice-sdk-folder-"));
    try {
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", type: "module", private: true }));
      const install = spawnSync("npm", ["install", "--offline", "--no-audit", "--no-fund", SDK_DIR], { cwd: app, encoding: "utf8" });
      expect(install.status, install.stdout + install.stderr).toBe(0);
      const script = "import { Sluice, NotFoundError, SluiceError } from '@sluice/sdk'; console.log(typeof new Sluice({ apiKey: 'k', baseUrl: 'http://x' }).executeWorkflow, new NotFoundError({ status: 404, code: 'NOT_FOUND', message: 'm' }) instanceof SluiceError)";
      const imported = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: app, encoding: "utf8" });
      expect(imported.stdout.trim(), imported.stderr).toBe("function true");
      expect(realpathSync(join(app, "node_modules/@sluice/sdk"))).toBe(realpathSync(SDK_DIR));
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  }, 120_000);
});
