import type { AnalysisRunner } from "./analysis-runner.js";
import { clustersOf } from "./numeric-columns.js";
import { clusterChart } from "./visualizations.js";

export const clusteringAnalysis = {
  reads: "matrix",
  statistics: false,
  parts: ["clusters"],
  async run(matrix, { request, result, attempt }) {
    const clustered = await attempt("clusters", () => clustersOf(matrix, request.options));
    if (!clustered) return;
    result.clusters = clustered.clusters;
    result.visualizations.push(clusterChart(matrix, clustered.assignments, clustered.clusters.k));
  },
} as const satisfies AnalysisRunner;
