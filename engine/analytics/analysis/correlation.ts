import type { AnalysisRunner } from "./analysis-runner.js";
import { correlationsOf } from "./numeric-columns.js";
import { correlationChart } from "./visualizations.js";

export const correlationAnalysis = {
  reads: "matrix",
  statistics: true,
  parts: ["correlations"],
  async run(matrix, { result, attempt }) {
    result.correlations = await attempt("correlations", () => correlationsOf(matrix));
    if (result.correlations) result.visualizations.push(correlationChart(result.correlations));
  },
} as const satisfies AnalysisRunner;
