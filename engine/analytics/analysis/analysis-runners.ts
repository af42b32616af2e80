import { ANALYSES, type AnalysisPartType, type AnalysisType } from "../../../core/contracts/analysis-types.js";
import type { AnalysisRunner } from "./analysis-runner.js";
import { anomaliesAnalysis } from "./anomalies.js";
import { clusteringAnalysis } from "./clustering.js";
import { correlationAnalysis } from "./correlation.js";
import { forecastAnalysis } from "./forecast.js";
import { summaryAnalysis } from "./summary.js";
import { trendAnalysis } from "./trend.js";

/** The runner of every analysis in core/contracts/analysis-types.ts; one missing does not compile. */
export const ANALYSIS_RUNNERS: Record<AnalysisPartType, AnalysisRunner> = {
  summary: summaryAnalysis,
  trend: trendAnalysis,
  anomalies: anomaliesAnalysis,
  forecast: forecastAnalysis,
  correlation: correlationAnalysis,
  clustering: clusteringAnalysis,
};

/** The runners a request asks for: its one analysis, or for "auto" all of them in the registry's order. */
export function runnersFor(analysis: AnalysisType): AnalysisRunner[] {
  return analysis === "auto" ? ANALYSES.map((entry) => ANALYSIS_RUNNERS[entry.type]) : [ANALYSIS_RUNNERS[analysis]];
}
