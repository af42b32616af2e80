import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["portal/src", "portal/index.html", "portal/vite.config.ts", "portal/public", "core", "openapi.yaml", "scripts/generate-postman.ts", "scripts/sdk-archives.ts", "sdks"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stats.mtimeMs);
}

/** True when portal/dist is missing or older than any portal or core source file. */
export function portalBuildIsStale(distDir = "portal/dist"): boolean {
  const index = join(distDir, "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

export function buildPortal(): void {
  // Always a production build: Vite would otherwise take NODE_ENV=development from .env and bundle React's development build.
  const result = spawnSync("npx", ["vite", "build", "--config", "portal/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("the portal build failed (see the output above)");
}
