import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { isServerPath } from "../../core/server-paths.js";
import type { AppEnv } from "../app-env.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Files under `root`, with Cache-Control on what is found; misses go on to the next handler. */
function staticFiles(root: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  const files = serveStatic<AppEnv>({ root });
  return async (c, next) => {
    if (isServerPath(c.req.path)) return next();
    const response = await files(c, next);
    if (response instanceof Response) response.headers.set("Cache-Control", cacheControl);
    return response;
  };
}

/**
 * The built portal: fingerprinted assets compressed and cached for a year; other files
 * revalidated; every other GET answered with index.html so the client router renders the route
 * (including its own 404 page).
 */
export function portalRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(distDir, "index.html");
  const portalBuilt = existsSync(distDir);

  if (portalBuilt) {
    app.use("/assets/*", compress(), staticFiles(distDir, IMMUTABLE));
    app.get("/assets/*", (c) => c.text("Not found", 404));
    app.use("*", staticFiles(distDir, REVALIDATE));
  }

  app.get("*", async (c, next) => {
    if (isServerPath(c.req.path)) return next();
    if (!existsSync(indexFile)) {
      return c.text("The portal has not been built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", REVALIDATE);
    return c.html(await readFile(indexFile, "utf8"));
  });

  return app;
}
