import type { AnalysisRunner } from "./analysis-runner.js";
import { clustersOf } from "./numeric-columns.js";
import { clusterChart } from "./visualizations.js";

export const clusteringAnalysis = {
  reads: "matrix",
  statistics: false,
  parts: ["clusters"],
  async run(matrix, { request, result, attempt }) {
    const clustered = await attempt("clusters", () => clustersOf(matrix, request.options.k));
    if (!clustered) return;
    result.clusters = clustered.clusters;
    result.visualizations.push(clusterChart(matrix, clustered.assignments, request.options.k));
  },
} as const satisfies AnalysisRunner;
