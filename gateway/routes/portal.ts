import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "../app-env.js";

/** Paths that belong to the server; they never fall back to the single-page app. */
export const SERVER_PATH_PREFIXES = ["/v1", "/api", "/auth", "/hooks", "/payments", "/reference", "/dev"] as const;

export function isServerPath(path: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The built portal: fingerprinted assets cached for a year, every other GET answered with
 * index.html so the client router can render the route (including its own 404 page).
 */
export function portalRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(distDir, "index.html");

  if (existsSync(distDir)) {
    app.use(
      "/assets/*",
      compress(),
      serveStatic({
        root: distDir,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    const rootFiles = serveStatic<AppEnv>({
      root: distDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", "no-cache");
      },
    });
    app.use("*", (c, next) => (isServerPath(c.req.path) ? next() : rootFiles(c, next)));
  }

  app.get("*", async (c, next) => {
    if (isServerPath(c.req.path)) return next();
    if (!existsSync(indexFile)) {
      return c.text("The portal has not been built. Run `npm run build:portal` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(await readFile(indexFile, "utf8"));
  });

  return app;
}
