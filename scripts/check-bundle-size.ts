import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** DESIGN.md section 13: the landing page's JavaScript stays under 200 KB gzipped (kB as Vite reports them). */
export const LANDING_JS_LIMIT_BYTES = 200_000;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  chunks: ChunkSize[];
  totalGzipBytes: number;
  withinLimit: boolean;
}

const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy and not matched. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * The JavaScript a browser loads for the landing page before any lazy route: the entry script
 * of index.html, its module preloads, and every chunk they import statically. The landing page
 * is bundled into the entry (portal/src/app/router.tsx), so this is the landing page's cost.
 */
export function measureLandingBundle(distDir: string, limitBytes = LANDING_JS_LIMIT_BYTES): BundleReport {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const pending = [...html.matchAll(ENTRY_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map((match) => posix.normalize(match[1] ?? ""));
  if (pending.length === 0) throw new Error(`${distDir}/index.html loads no module script: is it a Vite build?`);
  const seen = new Set<string>();
  const chunks: ChunkSize[] = [];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(join(distDir, file));
    chunks.push({ file, bytes: source.length, gzipBytes: gzipSync(source).length });
    for (const [, specifier] of source.toString("utf8").matchAll(STATIC_IMPORT)) {
      if (specifier) pending.push(posix.join(posix.dirname(file), specifier));
    }
  }
  const totalGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return { chunks, totalGzipBytes, withinLimit: totalGzipBytes <= limitBytes };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

export function formatBundleReport(report: BundleReport, limitBytes = LANDING_JS_LIMIT_BYTES): string {
  const width = Math.max(...report.chunks.map((chunk) => chunk.file.length));
  const lines = [...report.chunks]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((chunk) => `  ${chunk.file.padEnd(width)}  ${kb(chunk.bytes).padStart(10)}  gzip ${kb(chunk.gzipBytes).padStart(9)}`);
  const verdict = report.withinLimit ? "within" : "OVER";
  return [`Landing page JavaScript (${report.chunks.length} chunks):`, ...lines, `Total gzipped: ${kb(report.totalGzipBytes)}, ${verdict} the ${kb(limitBytes)} limit.`].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? "portal/dist";
  if (!existsSync(join(distDir, "index.html"))) {
    process.stderr.write(`No build in ${distDir}: run \`npm run build\` first (or pass the build directory).\n`);
    process.exitCode = 1;
  } else {
    const report = measureLandingBundle(distDir);
    process.stdout.write(`${formatBundleReport(report)}\n`);
    process.exitCode = report.withinLimit ? 0 : 1;
  }
}
