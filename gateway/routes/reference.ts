import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { DEFAULT_CSP, formatCsp } from "../http/security-headers.js";
import { API_KEY_SCHEME } from "../openapi-document.js";
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

/**
 * A bar above the reference leading back to the portal. Scalar keeps its sticky parts below
 * `--scalar-custom-header-height`, the height of a custom header; the colours are Scalar's own
 * variables, so the bar follows its light and dark modes.
 */
const PORTAL_BAR_HEIGHT = "48px";
const PORTAL_BAR = `<nav class="sluice-portal-bar" aria-label="Sluice portal">
      <span><a href="/" class="sluice-portal-home">Sluice</a> <span class="sluice-portal-page">API reference</span></span>
      <a href="/api-docs"><span aria-hidden="true">←</span> Back to the docs</a>
    </nav>`;
const PORTAL_BAR_CSS = `
:root { --scalar-custom-header-height: ${PORTAL_BAR_HEIGHT}; }
.sluice-portal-bar {
  position: sticky; top: 0; z-index: 1000; box-sizing: border-box; height: ${PORTAL_BAR_HEIGHT};
  display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 0 16px;
  background: var(--scalar-background-1, #fff); border-bottom: 1px solid var(--scalar-border-color, #e2e8f0);
  font: 500 14px/1.25 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
.sluice-portal-bar a { color: var(--scalar-color-1, #0f172a); text-decoration: none; border-radius: 4px; padding: 4px 2px; white-space: nowrap; }
.sluice-portal-bar a:hover { text-decoration: underline; }
.sluice-portal-bar a:focus-visible { outline: 2px solid var(--scalar-color-accent, #2563eb); outline-offset: 2px; }
.sluice-portal-bar .sluice-portal-home { font-weight: 700; }
.sluice-portal-bar .sluice-portal-page { color: var(--scalar-color-2, #475569); margin-left: 6px; }
`;

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
  // Every operation takes an API key as a bearer token: the request panel starts with it chosen.
  authentication: { preferredSecurityScheme: API_KEY_SCHEME },
  customCss: PORTAL_BAR_CSS,
});

/** Renders the Scalar page once, to learn the hashes of the inline scripts it contains. */
async function renderReferencePage(): Promise<{ html: string; csp: string }> {
  const renderer = new Hono().get("/", scalarPage);
  const rendered = await (await renderer.request("/")).text();
  if (!rendered.includes('<div id="app"></div>')) throw new Error("Scalar's page has no #app element to put the portal bar above");
  const html = rendered.replace('<div id="app"></div>', `${PORTAL_BAR}\n    <div id="app"></div>`);
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
