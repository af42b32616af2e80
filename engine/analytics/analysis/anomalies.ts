import type { AnalysisRunner } from "./analysis-runner.js";
import { anomaliesOf } from "./series-insights.js";

export const anomaliesAnalysis = {
  reads: "series",
  parts: ["anomalies"],
  async run(series, { result, attempt }) {
    Object.assign(result.insights, await attempt("anomalies", () => anomaliesOf(series)));
  },
} as const satisfies AnalysisRunner;
