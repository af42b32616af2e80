import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js (docs/ARCHITECTURE.md, "Layers") on small sources linted
 * in memory as if they stood at the given paths: each zone refuses a breach and lets an allowed
 * import through. The imported modules are real files with few imports of their own, so the
 * cycle check has little to walk.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function lint(path: string, code: string): Promise<Array<{ ruleId: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const BREACH = { ruleId: "import-x/no-restricted-paths" };

const ZONES: Array<{ zone: string; breach: [path: string, code: string]; allowed: [path: string, code: string] }> = [
  {
    zone: "the gateway does not import the engine",
    breach: ["gateway/probe.ts", 'export * from "../engine/analytics/kernels/errors.js";'],
    allowed: ["gateway/probe.ts", 'export * from "../core/ids.js";'],
  },
  {
    zone: "the engine does not import the gateway",
    breach: ["engine/probe.ts", 'export * from "../gateway/http/client-address.js";'],
    allowed: ["engine/probe.ts", 'export * from "../core/ids.js";'],
  },
  {
    zone: "core imports neither gateway nor engine",
    breach: ["core/probe.ts", 'export * from "../gateway/http/client-address.js";'],
    allowed: ["core/probe.ts", 'export * from "./ids.js";'],
  },
  {
    zone: "the portal does not import server code",
    breach: ["portal/src/features/playground/probe.ts", 'export * from "../../../../gateway/http/client-address.js";'],
    allowed: ["portal/src/features/playground/probe.ts", 'export * from "../../../../core/contracts/api-keys";'],
  },
  {
    zone: "the portal imports only the browser-safe part of core",
    breach: ["portal/src/lib/probe.ts", 'export * from "../../../core/db/client";'],
    allowed: ["portal/src/lib/probe.ts", 'export * from "../../../core/plans";'],
  },
  {
    zone: "a portal feature does not import another feature",
    breach: ["portal/src/features/billing/probe.ts", 'export * from "../pricing/components/pricing-faq";'],
    allowed: ["portal/src/features/billing/probe.ts", 'export * from "../../lib/cn";'],
  },
  {
    zone: "portal/src/app composes features",
    breach: ["portal/src/lib/probe.ts", 'export * from "../features/pricing/components/pricing-faq";'],
    allowed: ["portal/src/app/probe.ts", 'export * from "../features/pricing/components/pricing-faq";'],
  },
];

describe("the layer rules", () => {
  for (const { zone, breach, allowed } of ZONES) {
    it(`${zone}: refuses ${breach[0]} -> ${breach[1]}`, async () => {
      expect(await lint(...breach)).toContainEqual(expect.objectContaining(BREACH));
    });

    it(`${zone}: allows ${allowed[0]} -> ${allowed[1]}`, async () => {
      expect(await lint(...allowed)).toEqual([]);
    });
  }

  it("lets tests import any server code", async () => {
    expect(await lint("gateway/probe.int.test.ts", 'export * from "../engine/analytics/kernels/errors.js";')).toEqual([]);
  });

  it("keeps Node built-ins out of what the portal bundles", async () => {
    expect(await lint("core/contracts/probe.ts", 'export * from "node:fs";')).toContainEqual(expect.objectContaining({ ruleId: "import-x/no-nodejs-modules" }));
  });
});

describe("the cycle rule", () => {
  it("refuses an import that closes a cycle", async () => {
    // core/contracts/checkout.ts imports core/plans.ts; plans importing checkout back closes the loop.
    expect(readFileSync(`${ROOT}core/contracts/checkout.ts`, "utf8")).toContain('from "../plans.js"');
    expect(await lint("core/plans.ts", 'export { CheckoutIntentSchema } from "./contracts/checkout.js";')).toContainEqual(
      expect.objectContaining({ ruleId: "import-x/no-cycle" }),
    );
  });

  it("allows an import with no way back", async () => {
    expect(await lint("core/plans.ts", 'export * from "./ids.js";')).toEqual([]);
  });

  it("ignores a type-only import back, which is erased at run time", async () => {
    const code = 'import type { CheckoutIntent } from "./contracts/checkout.js";\nexport type Intent = CheckoutIntent;\n';
    expect(await lint("core/plans.ts", code)).toEqual([]);
  });
});
