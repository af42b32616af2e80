import { z } from "zod";
import { ENDPOINT_CATEGORIES } from "../metering/endpoint-categories.js";

/** The signed-in user's live API usage for the dashboard (`/api/usage/*`). */

export const USAGE_SERIES_MAX_DAYS = 90;

export const UsageSeriesQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(USAGE_SERIES_MAX_DAYS).default(30),
});

export const EndpointCategorySchema = z.enum(ENDPOINT_CATEGORIES);

export const UsageDaySchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  /** Requests per endpoint category (every category present, 0 when none). */
  requests: z.record(EndpointCategorySchema, z.number().int()),
  total: z.number().int(),
});
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const UsageSeriesSchema = z.object({
  /** Oldest first, ending today (UTC); today includes requests not yet flushed to storage. */
  days: z.array(UsageDaySchema),
});
export type UsageSeries = z.infer<typeof UsageSeriesSchema>;

export const UsageExportQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be YYYY-MM"),
});
