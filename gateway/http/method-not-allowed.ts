import type { Context } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { SERVER_PATH_PREFIXES } from "../../core/server-paths.js";
import type { AppEnv } from "../app-env.js";

/** A route as Hono lists it (`app.routes`). */
interface RouteEntry {
  method: string;
  path: string;
}

const isServerRoute = (route: RouteEntry) =>
  route.method !== "ALL" && !route.path.includes("*") && SERVER_PATH_PREFIXES.some((prefix) => route.path === prefix || route.path.startsWith(`${prefix}/`));

/**
 * The methods the app answers on a server path, from its own routes (middleware and the portal's
 * catch-all left out), so a known path asked with another method is 405 with `Allow`, not 404.
 * HEAD comes with GET, as Hono answers it.
 */
export function allowedMethods(routes: readonly RouteEntry[]): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const route of routes.filter(isServerRoute)) router.add("GET", route.path, route.method);
  return (path) => {
    const methods = new Set(router.match("GET", path)[0].map(([method]) => method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

/** The `Allow` header for a request whose path is known but not with its method; undefined otherwise. */
export function allowHeaderFor(c: Context<AppEnv>, methodsOf: (path: string) => string[]): string | undefined {
  const methods = methodsOf(c.req.path);
  return methods.length > 0 && !methods.includes(c.req.method) ? methods.join(", ") : undefined;
}
