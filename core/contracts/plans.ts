import { z } from "zod";

/** The public plan catalogue (`GET /api/plans`) for the pricing page and checkout; money in integer US cents. */

export const PlanPriceSchema = z.object({
  months: z.number().int(),
  discount_percent: z.number().int(),
  /** Undiscounted price of the whole period. */
  list_cents: z.number().int(),
  /** What the whole period costs: the checkout amount. */
  total_cents: z.number().int(),
  /** Effective price per month over the period. */
  per_month_cents: z.number().int(),
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

export const PlanSchema = z.object({
  package_name: z.string(),
  display_name: z.string(),
  /** Requests per calendar month; -1 is unlimited. */
  request_limit: z.number().int(),
  rate_limit_per_minute: z.number().int(),
  /** Bytes processed per calendar month; -1 is unlimited. */
  data_limit_bytes: z.number(),
  max_concurrent_executions: z.number().int(),
  max_upload_bytes: z.number(),
  /** Shortest time between two fires of a workflow's schedule, in seconds. */
  min_schedule_interval_seconds: z.number().int(),
  /** Sold through sales, not checkout; the prices are list prices. */
  contact_sales: z.boolean(),
  currency: z.literal("USD"),
  monthly_price_cents: z.number().int(),
  prices: z.object({ monthly: PlanPriceSchema, yearly: PlanPriceSchema, threeYears: PlanPriceSchema }),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListSchema = z.object({ plans: z.array(PlanSchema) });
export type PlanList = z.infer<typeof PlanListSchema>;
