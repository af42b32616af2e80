import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sdkOperations } from "../../scripts/generate-sdks.js";
import { runCommand } from "../../testing/run-command.js";
import { useSdkStack } from "../../testing/sdk-stack.js";

// The Python SDK's own suite (unittest, sdks/python/tests) against a real gateway and engine.
const stack = useSdkStack();
const PYTHON = process.env.PYTHON ?? "python3";
const scratch = mkdtempSync(join(tmpdir(), "sluice-python-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string> = {}) => runCommand(PYTHON, args, { env: { PYTHONDONTWRITEBYTECODE: "1", ...env } });

describe("the Python SDK", () => {
  it("passes its own tests against the API, none skipped", async () => {
    const { secret } = await stack.keyedAccount();
    const { readOnly, limited } = await stack.errorKeys();
    const env = { SLUICE_BASE_URL: stack.url, SLUICE_API_KEY: secret, SLUICE_READ_KEY: readOnly, SLUICE_LIMITED_KEY: limited };
    const { status, output } = await run(["-m", "unittest", "discover", "-s", "sdks/python/tests", "-v"], env);
    expect(output).toMatch(/^OK$/m);
    expect(output).not.toMatch(/skipped/);
    expect(output).toMatch(/test_error_categories .*ok$/m);
    expect(status, output).toBe(0);
  }, 240_000);

  it("installs with pip from its folder and imports with the standard library only", async () => {
    const target = join(scratch, "site");
    // From a copy: a build leaves build/ and *.egg-info beside the sources.
    const source = join(scratch, "source");
    cpSync("sdks/python", source, { recursive: true, filter: (path) => !path.includes("__pycache__") });
    let install = await run(["-m", "pip", "install", "--quiet", "--no-deps", "--target", target, source]);
    // Without an index for setuptools' build requirements, build with the ones installed.
    if (install.status !== 0) install = await run(["-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", target, source]);
    expect(install.status, install.output).toBe(0);
    const script = [
      "import sys",
      "before = set(sys.modules)",
      "import sluice",
      "print(sluice.__version__, len(sluice.OPERATIONS))",
      "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] not in sys.stdlib_module_names and m.split('.')[0] != 'sluice'))",
    ].join("\n");
    const imported = await run(["-c", script], { PYTHONPATH: target });
    expect(imported.output.trim().split("\n")).toEqual([`1.0.0 ${sdkOperations(readFileSync("openapi.yaml", "utf8")).length}`, "[]"]);
  }, 240_000);
});
