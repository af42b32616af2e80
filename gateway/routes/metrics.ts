import { Hono } from "hono";
import type { Registry } from "prom-client";
import { sameToken } from "../../core/auth/secret-tokens.js";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";

/** Prometheus text exposition; behind a bearer token when METRICS_TOKEN is set. */
export function metricsRoutes(registry: Registry, token: string | undefined) {
  const app = new Hono<AppEnv>();
  app.get("/metrics", async (c) => {
    if (token && !sameToken(c.req.header("Authorization") ?? "", `Bearer ${token}`)) {
      throw new AppError("UNAUTHORIZED");
    }
    c.header("Content-Type", registry.contentType);
    return c.body(await registry.metrics());
  });
  return app;
}
