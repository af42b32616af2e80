import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import { PlanListSchema, type Plan, type PlanPrice } from "../../core/contracts/plans.js";
import type { Database } from "../../core/db/client.js";
import type { PackageDefinitions } from "../../core/db/types.js";
import { quotePrice, type BillingPeriod } from "../../core/plans.js";
import type { AppEnv } from "../app-env.js";
import { validationHook } from "../http/errors.js";
import { jsonResponse } from "../http/route-helpers.js";

const listRoute = createRoute({
  method: "get",
  path: "/api/plans",
  hide: true,
  responses: { 200: jsonResponse(PlanListSchema, "The active plans in catalogue order, priced for every billing period.") },
});

type PlanRow = Selectable<PackageDefinitions>;

/** The public plan catalogue (no session): package_definitions priced by quotePrice. */
export function planRoutes(deps: { db: Database }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const rows = await listActivePlans(deps.db);
    // Revalidated on every read: an administrator's price change shows on the next page view.
    c.header("Cache-Control", "no-cache");
    return c.json({ plans: rows.map(serializePlan) }, 200);
  });

  return app;
}

export function listActivePlans(db: Database): Promise<PlanRow[]> {
  return db.selectFrom("package_definitions").selectAll().where("is_active", "=", true).orderBy("sort_order").orderBy("package_name").execute();
}

export function serializePlan(row: PlanRow): Plan {
  const price = (period: BillingPeriod) => priceOf(row.monthly_price_cents, period);
  return {
    package_name: row.package_name,
    display_name: row.display_name,
    request_limit: row.request_limit,
    rate_limit_per_minute: row.rate_limit_per_minute,
    data_limit_bytes: row.data_limit_bytes,
    max_concurrent_executions: row.max_concurrent_executions,
    max_upload_bytes: row.max_upload_bytes,
    min_schedule_interval_seconds: row.min_schedule_interval_seconds,
    contact_sales: row.contact_sales,
    currency: "USD",
    monthly_price_cents: row.monthly_price_cents,
    prices: { monthly: price("monthly"), yearly: price("yearly"), threeYears: price("threeYears") },
  };
}

function priceOf(monthlyPriceCents: number, period: BillingPeriod): PlanPrice {
  const quote = quotePrice(monthlyPriceCents, period);
  return { months: quote.months, discount_percent: quote.discountPercent, list_cents: quote.listCents, total_cents: quote.totalCents, per_month_cents: quote.perMonthCents };
}
