import type { AnalysisRunner } from "./analysis-runner.js";

/** summary: the column statistics (numeric-columns.ts) and, given a time column, the series' description. */
export const summaryAnalysis = { reads: "columns" } as const satisfies AnalysisRunner;
