import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROOT = import.meta.dirname;

/**
 * The layers (docs/ARCHITECTURE.md, "Layers"). They bind shipped code; tests and the harness
 * (testing/, scripts/, loadtest/, the SDKs' tests, portal/e2e) may import any server code.
 */
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "portal/e2e/**"];
const HARNESS = ["testing", "scripts", "loadtest"];
const SERVER = ["core", "gateway", "engine", "migrations"];

/**
 * The part of core/ the portal may import: pure modules, no Node, no I/O (DESIGN.md section 1).
 * They import only each other, so nothing server-side reaches the bundle through them.
 */
const BROWSER_SAFE_CORE = ["contracts", "errors.ts", "ids.ts", "plans.ts", "retry-after.ts", "size-units.ts", "metering/endpoint-categories.ts", "payments/renewal-terms.ts"];

const PORTAL_FEATURES = readdirSync(`${ROOT}/portal/src/features`);

const LAYER_ZONES = [
  { target: "gateway", from: "engine", message: "The gateway and the engine meet through core/ and the database." },
  { target: "engine", from: "gateway", message: "The engine and the gateway meet through core/ and the database." },
  { target: "core", from: ["gateway", "engine"], message: "core/ is shared by the gateway and the engine and imports neither." },
  { target: SERVER, from: "portal", message: "Server code never imports the portal." },
  {
    target: BROWSER_SAFE_CORE.map((path) => `core/${path}`),
    from: "core",
    except: BROWSER_SAFE_CORE.map((path) => `./${path}`),
    message: "Browser-safe core imports only browser-safe core: the portal bundles it.",
  },
  {
    target: "portal/src",
    from: "core",
    except: BROWSER_SAFE_CORE.map((path) => `./${path}`),
    message: "The portal imports only core/contracts and the browser-safe core listed in eslint.config.js.",
  },
  {
    target: "portal/src",
    from: ["gateway", "engine", "migrations"],
    message: "The portal talks to the server over HTTP; the shapes both sides need live in core/contracts.",
  },
  {
    target: "portal/src",
    from: "sdks",
    except: ["./typescript/examples", "./python/examples", "./go/examples"],
    message: "The portal shows the SDKs' examples, nothing else of them.",
  },
  ...PORTAL_FEATURES.map((feature) => ({
    target: `portal/src/features/${feature}`,
    from: "portal/src/features",
    except: [`./${feature}`],
    message: "Features never import each other: share through portal/src/components, lib or hooks; compose in portal/src/app.",
  })),
  { target: "portal/src/features", from: "portal/src/app", message: "portal/src/app composes the features, not the reverse." },
  {
    target: ["portal/src/components", "portal/src/lib", "portal/src/hooks"],
    from: ["portal/src/features", "portal/src/app"],
    message: "Shared portal code knows no feature.",
  },
  { target: "migrations/2*.ts", from: ["core", "gateway", "engine"], message: "Migrations are frozen in time: they never import app code." },
  { target: "sdks/typescript/src", from: [...SERVER, "portal", ...HARNESS], message: "The TypeScript SDK is published on its own." },
  { target: [...SERVER, "portal/src"], from: HARNESS, message: "Shipped code never imports the test and tooling harness." },
];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "portal/dist/", "core/db/types.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "error",
      eqeqeq: ["error", "always"],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
  },
  {
    // Nothing imports a test, so a test cannot close a cycle: checking from tests would only cost time.
    // Type-only imports are erased, so they cannot form a cycle at run time; the rule skips them.
    files: ["**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { basePath: ROOT, zones: LAYER_ZONES }],
    },
  },
  {
    // What the portal bundles runs in a browser.
    files: ["portal/src/**/*.{ts,tsx}", ...BROWSER_SAFE_CORE.map((path) => (path.endsWith(".ts") ? `core/${path}` : `core/${path}/**/*.ts`))],
    ignores: TESTS,
    rules: { "import-x/no-nodejs-modules": "error" },
  },
  {
    // Frozen migrations are typed Kysely<any> on purpose: they must not depend on app types.
    files: ["migrations/2*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["portal/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // k6 scripts run in k6's JavaScript runtime, which provides __ENV.
    files: ["loadtest/k6/**/*.js"],
    languageOptions: { globals: { __ENV: "readonly" } },
  },
  {
    // The SDKs' examples are what users copy: printing is their point.
    files: ["sdks/*/examples/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["portal/e2e/**/*.ts", "portal/vite.config.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
);
