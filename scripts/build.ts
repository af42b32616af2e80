import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { MIGRATION_FILE_PATTERN } from "../migrations/run.js";

/**
 * `npm run build`: the server compiled into dist/ and the portal built into portal/dist.
 *
 * The server is what production runs with plain `node`: the processes' entry points below and
 * every module they import, transpiled one .js file per .ts file (esbuild, no bundling, so
 * dist/ mirrors the tree and `import.meta.dirname` still finds the migrations). The build fails
 * when that code imports a package that is not a production dependency, since the image
 * installs no others.
 */

export const SERVER_DIST_DIR = "dist";
export const PORTAL_DIST_DIR = "portal/dist";

/**
 * What production runs: the two processes, the engine's analytics worker (forked by path, so no
 * import reaches it), npm start's supervisor and the operators' CLIs.
 */
export const SERVER_ENTRY_POINTS = [
  "gateway/main.ts",
  "engine/main.ts",
  "engine/analytics/analytics-worker.ts",
  "scripts/start.ts",
  "scripts/setup-database.ts",
  "scripts/admin.ts",
  "scripts/keys-create.ts",
  "scripts/keys-import.ts",
  "migrations/cli.ts",
];

const SERVER_SOURCES = ["core", "gateway", "engine", "migrations", "scripts", "package.json", "package-lock.json"];
const PORTAL_SOURCES = ["portal/src", "portal/index.html", "portal/vite.config.ts", "portal/public", "core", "openapi.yaml", "scripts/generate-postman.ts", "scripts/sdk-archives.ts", "sdks", "package-lock.json"];

/** The compiled entry point of a server source file: gateway/main.ts -> dist/gateway/main.js. */
export function compiledPath(source: string): string {
  return join(SERVER_DIST_DIR, source.replace(/\.ts$/, ".js"));
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stats.mtimeMs);
}

function isStale(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

export const serverBuildIsStale = () => isStale(compiledPath("gateway/main.ts"), SERVER_SOURCES);
export const portalBuildIsStale = (distDir = PORTAL_DIST_DIR) => isStale(join(distDir, "index.html"), PORTAL_SOURCES);

function entryPoints(): string[] {
  const migrations = readdirSync("migrations").filter((name) => MIGRATION_FILE_PATTERN.test(name) && name.endsWith(".ts"));
  return [...SERVER_ENTRY_POINTS, ...migrations.map((name) => `migrations/${name}`)];
}

/** The package a bare import names: "hono/cookie" -> "hono", "@hono/node-server/x" -> "@hono/node-server". */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

const isBuiltin = (specifier: string) => specifier.startsWith("node:") || builtinModules.includes(specifier);

export interface ServerModuleGraph {
  /** Every source file the entry points reach, entry points included. */
  files: string[];
  /** Every package that code imports. */
  packages: string[];
}

/** Follows the entry points' imports (types excepted) through the tree without writing anything. */
export async function serverModuleGraph(): Promise<ServerModuleGraph> {
  const { metafile } = await esbuild.build({
    entryPoints: entryPoints(),
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    outdir: SERVER_DIST_DIR,
    logLevel: "silent",
  });
  const files = Object.keys(metafile.inputs).filter((file) => file.endsWith(".ts")).sort();
  const imported = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path)));
  return { files, packages: [...new Set(imported)].sort() };
}

/** Packages production code imports that the image would not install. */
export function nonProductionPackages(packages: string[]): string[] {
  const { dependencies = {} } = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies?: Record<string, string> };
  return packages.filter((name) => !Object.hasOwn(dependencies, name));
}

export async function buildServer(): Promise<void> {
  const graph = await serverModuleGraph();
  const missing = nonProductionPackages(graph.packages);
  if (missing.length > 0) {
    throw new Error(`production code imports packages that are not production dependencies: ${missing.join(", ")} (move them to "dependencies" in package.json, or the import out of production code)`);
  }
  rmSync(SERVER_DIST_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: graph.files,
    outbase: ".",
    outdir: SERVER_DIST_DIR,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

export function buildPortal(): void {
  // Always a production build: Vite would otherwise take NODE_ENV=development from .env and bundle React's development build.
  const result = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--config", "portal/vite.config.ts", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("the portal build failed (see the output above)");
}

/** `--server` or `--portal` builds one part (both by default); `--if-stale` only what is out of date. */
async function main() {
  const { values } = parseArgs({ options: { "if-stale": { type: "boolean", default: false }, server: { type: "boolean", default: false }, portal: { type: "boolean", default: false } } });
  const both = !values.server && !values.portal;
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if ((both || values.server) && (!values["if-stale"] || serverBuildIsStale())) {
    say("Compiling the server into dist/...");
    await buildServer();
  }
  if ((both || values.portal) && (!values["if-stale"] || portalBuildIsStale())) {
    say("Building the portal into portal/dist/...");
    buildPortal();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
