import type { AnalysisRunner } from "./analysis-runner.js";
import { growthOf, trendOf } from "./series-insights.js";

export const trendAnalysis = {
  reads: "series",
  parts: ["trend", "growth_rate"],
  async run(series, { result, attempt }) {
    result.insights.trend = await attempt("trend", () => trendOf(series));
    result.insights.growth_rate = await attempt("growth_rate", () => growthOf(series));
  },
} as const satisfies AnalysisRunner;
