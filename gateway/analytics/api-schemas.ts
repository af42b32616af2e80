import { z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { ANALYSES } from "../../core/contracts/analysis-types.js";
import { AnalysisSchema, AnalyzeRequestSchema, CleanRequestSchema } from "../../core/contracts/analytics.js";

/** Request and response schemas of the public analytics API (they become openapi.yaml). */

export const AnalyzeRequestBodySchema = z.object(AnalyzeRequestSchema.shape).strict().openapi("AnalyzeRequest", {
  description: "Exactly one of `dataset` (inline rows) or `dataset_id` (an uploaded dataset).",
  example: { dataset: [{ date: "2026-01-01", revenue: 120 }, { date: "2026-01-02", revenue: 135 }], analysis: "auto", timeframe: "last_30_days" },
});

/** One request example per analysis type, named after it (core/contracts/analysis-types.ts). */
export const ANALYZE_REQUEST_EXAMPLES = Object.fromEntries(
  ANALYSES.map((analysis) => [analysis.type, { summary: analysis.type, description: analysis.description, value: { ...analysis.example, analysis: analysis.type } }]),
);

export const CleanRequestBodySchema = z.object(CleanRequestSchema.shape).strict().openapi("CleanRequest", {
  description: "Exactly one of `dataset` (inline rows) or `dataset_id` (an uploaded dataset).",
  example: { dataset: [{ city: " New York", amount: "1,200" }, { city: "new york", amount: "N/A" }], options: { impute: "median", cluster_keys: ["city"] } },
});

export const AnalysisResponseSchema = z.object(AnalysisSchema.shape).openapi("Analysis", {
  description:
    "An analysis or cleaning. Once completed, its result's fields are at the top level: insights, statistics, correlations, clusters, visualizations and notes for an analysis; rows, columns, report and summary for a cleaning.",
});

export const AnalysisIdParamsSchema = z.object({ id: idParam("an", "No such analysis.") });
