import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { DEFAULT_CSP, formatCsp } from "../http/security-headers.js";
import { REFERENCE_BUNDLE_FILE } from "../../core/server-paths.js";

const STANDALONE_PATH = `/${REFERENCE_BUNDLE_FILE}`;

/**
 * Scalar's browser bundle, read once: from the portal build, which copies it there; or, when the
 * portal is not built (`npm run dev` serves it from Vite), from the development dependency.
 */
function loadStandaloneBundle(portalDistDir: string): string | undefined {
  const built = join(portalDistDir, REFERENCE_BUNDLE_FILE);
  if (existsSync(built)) return readFileSync(built, "utf8");
  try {
    return readFileSync(createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js"), "utf8");
  } catch {
    return undefined;
  }
}

const scalarPage = Scalar({
  url: "/openapi.yaml",
  cdn: STANDALONE_PATH,
  pageTitle: "Sluice API Reference",
  withDefaultFonts: false,
  hideClientButton: false,
  telemetry: false,
  theme: "default",
  // Nothing that calls Scalar's hosted services: no AI agent, no share/deploy toolbar.
  showDeveloperTools: "never",
  agent: { disabled: true },
});

/** Renders the Scalar page once, to learn the hashes of the inline scripts it contains. */
async function renderReferencePage(): Promise<{ html: string; csp: string }> {
  const renderer = new Hono().get("/", scalarPage);
  const html = await (await renderer.request("/")).text();
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash("sha256").update(match[1] ?? "").digest("base64")}'`,
  );
  const csp = formatCsp({ ...DEFAULT_CSP, "script-src": ["'self'", ...hashes], "worker-src": ["'self'", "blob:"] });
  return { html, csp };
}

/** /reference: the API reference of openapi.yaml, every asset served locally. */
export async function referenceRoutes(portalDistDir: string) {
  const [{ html, csp }, bundle] = [await renderReferencePage(), loadStandaloneBundle(portalDistDir)];
  const app = new Hono<AppEnv>();
  app.get("/reference", (c) => {
    c.header("Content-Security-Policy", csp);
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  });
  app.get(STANDALONE_PATH, (c) => {
    if (bundle === undefined) return c.text("The portal has not been built. Run `npm run build` (npm start does it for you).", 503);
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(bundle);
  });
  return app;
}
