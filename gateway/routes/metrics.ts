import { Hono } from "hono";
import { sameToken } from "../../core/auth/secret-tokens.js";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import type { HttpMetrics } from "../http/metrics.js";

/** Prometheus text exposition; behind a bearer token when METRICS_TOKEN is set. */
export function metricsRoutes(metrics: Pick<HttpMetrics, "render" | "contentType">, token: string | undefined) {
  const app = new Hono<AppEnv>();
  app.get("/metrics", async (c) => {
    if (token && !sameToken(c.req.header("Authorization") ?? "", `Bearer ${token}`)) {
      throw new AppError("UNAUTHORIZED");
    }
    c.header("Content-Type", metrics.contentType);
    return c.body(await metrics.render());
  });
  return app;
}
