import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SDK_DOWNLOADS } from "../portal/src/features/sdks/lib/sdk-downloads.js";
import { sdkCatalogue } from "../portal/src/features/sdks/lib/sdk-catalogue.js";
import { renderSdkArchives } from "../scripts/sdk-archives.js";
import { sdkOperations } from "../scripts/generate-sdks.js";
import { runCommand } from "../testing/run-command.js";

// The archives /sdks offers install the way its cards say: npm from the tarball, pip from the
// source distribution, Go through a replace directive.
const scratch = mkdtempSync(join(tmpdir(), "sluice-downloads-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const archives = renderSdkArchives();
// Every /v1 operation of the document has its method, however many the API has.
const operationCount = sdkOperations(readFileSync("openapi.yaml", "utf8")).length;

const sdkCardCommands = (language: string) => {
  const card = sdkCatalogue({ origin: "https://api.example", siteOrigin: "https://portal.example", collectionHref: "/c.json" }).find((sdk) => sdk.language === language);
  return card?.availability.kind === "install" ? card.availability.commands : [];
};
const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) => runCommand(command, args, { cwd, env });

function save(path: string): string {
  const file = join(scratch, path.split("/").at(-1) ?? path);
  writeFileSync(file, archives[path] ?? Buffer.alloc(0));
  return file;
}

describe("the SDK downloads", () => {
  it("are reproducible archives of sources only", async () => {
    const listing = await run("tar", ["-tzf", save(SDK_DOWNLOADS.python)], scratch);
    expect(listing.output.trim().split("\n").filter((name) => /build\/|egg-info|tests\/|__pycache__/.test(name))).toEqual([]);
    expect(Object.keys(archives).sort()).toEqual(Object.values(SDK_DOWNLOADS).sort());
    expect(renderSdkArchives()[SDK_DOWNLOADS.python]?.equals(archives[SDK_DOWNLOADS.python] ?? Buffer.alloc(0))).toBe(true);
  });

  it("npm installs @sluice/sdk from its tarball, compiled, with types", async () => {
    const app = join(scratch, "npm-app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", type: "module", private: true }));
    const install = await run("npm", ["install", "--offline", "--no-audit", "--no-fund", save(SDK_DOWNLOADS.typescript)], app);
    expect(install.status, install.output).toBe(0);
    const imported = await run(process.execPath, ["--input-type=module", "-e", "import { Sluice, verifyWebhook } from '@sluice/sdk'; console.log(typeof Sluice, typeof verifyWebhook, typeof new Sluice({ apiKey: 'k', baseUrl: 'http://x' }).listWorkflows)"], app);
    expect(imported.output.trim()).toBe("function function function");
    expect(existsSync(join(app, "node_modules/@sluice/sdk/dist/index.d.ts"))).toBe(true);
  }, 240_000);

  it("pip installs the Python source distribution", async () => {
    const target = join(scratch, "site");
    const sdist = save(SDK_DOWNLOADS.python);
    let install = await run("python3", ["-m", "pip", "install", "--quiet", "--no-deps", "--target", target, sdist], scratch);
    if (install.status !== 0) install = await run("python3", ["-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", target, sdist], scratch);
    expect(install.status, install.output).toBe(0);
    const imported = await run("python3", ["-c", "import sluice; print(sluice.__version__, callable(sluice.Sluice.list_workflows))"], scratch, { PYTHONPATH: target });
    expect(imported.output.trim()).toBe("1.0.0 True");
  }, 240_000);

  it("builds a Go program against the unpacked module", async () => {
    const app = join(scratch, "go-app");
    mkdirSync(app);
    expect((await run("tar", ["-xzf", save(SDK_DOWNLOADS.go)], app)).status).toBe(0);
    // The commands of its card on /sdks, after go mod init.
    expect((await run("go", ["mod", "init", "app"], app)).status).toBe(0);
    for (const command of ["go mod edit -replace github.com/sluice-dev/sluice-go=./sluice-go", "go mod edit -require github.com/sluice-dev/sluice-go@v1.0.0"]) {
      const [name = "", ...args] = command.split(" ");
      expect(sdkCardCommands("Go")).toContain(command);
      expect((await run(name, args, app)).status, command).toBe(0);
    }
    writeFileSync(join(app, "main.go"), 'package main\n\nimport (\n\t"fmt"\n\n\tsluice "github.com/sluice-dev/sluice-go"\n)\n\nfunc main() { fmt.Println(sluice.New("k", "http://x") != nil, len(sluice.Operations)) }\n');
    const built = await run("go", ["run", "."], app, { GOFLAGS: "-mod=mod", GOPROXY: "off" });
    expect(built.output.trim(), built.output).toBe(`true ${operationCount}`);
  }, 240_000);
});
