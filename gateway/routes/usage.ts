import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { UsageExportQuerySchema, UsageSeriesQuerySchema, UsageSeriesSchema } from "../../core/contracts/usage.js";
import type { AppEnv } from "../app-env.js";
import { validationHook } from "../http/errors.js";
import { jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";
import { usageCsv, usageSeries, type UsageDeps } from "../usage/usage-service.js";

const seriesRoute = createRoute({
  method: "get",
  path: "/api/usage/daily",
  hide: true,
  request: { query: UsageSeriesQuerySchema },
  responses: { 200: jsonResponse(UsageSeriesSchema, "Live requests per day and endpoint category, ending today.") },
});

const exportRoute = createRoute({
  method: "get",
  path: "/api/usage/export",
  hide: true,
  request: { query: UsageExportQuerySchema },
  responses: { 200: { description: "One month of usage as CSV.", content: { "text/csv": { schema: { type: "string" } } } } },
});

/** The dashboard's usage chart and CSV export: the signed-in user's own usage. */
export function usageRoutes(deps: UsageDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(seriesRoute, async (c) => c.json(await usageSeries(deps, currentSession(c).userId, c.req.valid("query").days), 200));
  app.openapi(exportRoute, async (c) => {
    const { month } = c.req.valid("query");
    const csv = await usageCsv(deps, currentSession(c).userId, month);
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="sluice-usage-${month}.csv"` });
  });
  return app;
}
