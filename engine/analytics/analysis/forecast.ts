import type { AnalysisRunner } from "./analysis-runner.js";
import { forecastOf } from "./series-insights.js";

export const forecastAnalysis = {
  reads: "series",
  parts: ["forecast"],
  async run(series, { request, result, attempt }) {
    result.insights.forecast = await attempt("forecast", () => forecastOf(series, request.options));
  },
} as const satisfies AnalysisRunner;
