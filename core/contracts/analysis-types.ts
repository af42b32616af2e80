import type { z } from "zod";
import type { AnalyzeOptionsSchema, TIMEFRAMES } from "./analytics.js";

interface AnalysisDescription<T extends string> {
  type: T;
  /** One sentence for the API reference. */
  description: string;
  /** The options that change its result. */
  options: ReadonlyArray<keyof z.input<typeof AnalyzeOptionsSchema>>;
  /** A request for it (its `analysis` is `type`); shown in openapi.yaml and checked against AnalyzeRequestSchema by analysis-types.test.ts. */
  example: {
    dataset: Array<Record<string, string | number>>;
    timeframe?: (typeof TIMEFRAMES)[number];
    time_column?: string;
    value_column?: string;
    options?: z.input<typeof AnalyzeOptionsSchema>;
  };
}

const daily = (values: number[]) => values.map((revenue, day) => ({ date: `2026-01-${String(day + 1).padStart(2, "0")}`, revenue }));

/**
 * Every analysis POST /v1/data/analyze runs, in the order "auto" runs them and the API reference
 * lists them. Adding one means an entry here and its runner in engine/analytics/analysis/
 * (analysis-runners.ts refuses to compile without it).
 */
export const ANALYSES = [
  {
    type: "summary",
    description: "Count, mean, standard deviation, minimum, quartiles and maximum of every numeric column (and the series, given a time column).",
    options: ["aggregate"],
    example: { dataset: [{ price: 12.5, quantity: 3 }, { price: 8, quantity: 10 }, { price: 20, quantity: 1 }] },
  },
  {
    type: "trend",
    description: "Direction and slope of the series over time (OLS, Theil–Sen, Mann–Kendall) and its growth rate.",
    options: ["aggregate"],
    example: { dataset: daily([120, 135, 128, 150, 161, 158, 170]), time_column: "date", value_column: "revenue" },
  },
  {
    type: "anomalies",
    description: "Points of the series far from what its level and season predict, with a robust score each.",
    options: ["aggregate", "seasonality"],
    example: { dataset: daily([120, 118, 125, 122, 480, 121, 119, 124]), value_column: "revenue" },
  },
  {
    type: "forecast",
    description: "The next periods of the series with 80 % and 95 % prediction intervals (Holt–Winters or a simpler method that fits better).",
    options: ["horizon", "seasonality", "aggregate"],
    example: { dataset: daily([120, 135, 128, 150, 161, 158, 170, 176, 181, 190]), options: { horizon: 7 } },
  },
  {
    type: "correlation",
    description: "Pearson and Spearman correlations between every pair of numeric columns that vary.",
    options: [],
    example: { dataset: [{ ads: 10, visits: 120, sales: 12 }, { ads: 20, visits: 210, sales: 19 }, { ads: 30, visits: 290, sales: 31 }] },
  },
  {
    type: "clustering",
    description: "k-means++ clusters of the rows over their numeric columns, with centroids and sizes.",
    options: ["k"],
    example: { dataset: [{ age: 23, spend: 40 }, { age: 25, spend: 45 }, { age: 61, spend: 300 }, { age: 58, spend: 280 }], options: { k: 2 } },
  },
] as const satisfies ReadonlyArray<AnalysisDescription<string>>;

export type AnalysisPartType = (typeof ANALYSES)[number]["type"];
export const AUTO_ANALYSIS = { type: "auto", description: "Everything above that applies; `notes` say what was left out and why." } as const;
export type AnalysisType = AnalysisPartType | typeof AUTO_ANALYSIS.type;
export const ANALYSIS_TYPES: readonly AnalysisType[] = [...ANALYSES.map((analysis) => analysis.type), AUTO_ANALYSIS.type];
