import { z } from "zod";

/**
 * Requests and results of the analytics API (DESIGN.md section 8): POST /v1/data/analyze,
 * POST /v1/data/clean and GET /v1/analyses/{id}. Browser-safe (plain zod), so the portal can
 * reuse the same shapes. A dataset is given inline (`dataset`, an array of row objects) or by id
 * (`dataset_id`, an uploaded dataset); exactly one of them.
 */

export const ANALYSIS_TYPES = ["summary", "trend", "anomalies", "forecast", "correlation", "clustering", "auto"] as const;
export const TIMEFRAMES = ["last_7_days", "last_30_days", "last_90_days", "last_365_days", "all"] as const;
export const ANALYSIS_STATUSES = ["queued", "running", "completed", "failed"] as const;
export const AGGREGATES = ["sum", "mean"] as const;
export const IMPUTE_METHODS = ["none", "mean", "median", "mode"] as const;
export const TIME_GRAINS = ["minute", "hour", "day", "week", "month", "quarter", "year"] as const;

export type AnalysisType = (typeof ANALYSIS_TYPES)[number];
export type Timeframe = (typeof TIMEFRAMES)[number];
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
export type TimeGrain = (typeof TIME_GRAINS)[number];
/** What an analyses row runs: an analysis, or a cleaning. */
export type AnalysisKind = AnalysisType | "clean";

export const ANALYSIS_LIMITS = {
  maxInlineRows: 100_000,
  maxColumnNameLength: 200,
  maxHorizon: 365,
  maxClusters: 20,
} as const;

/** One inline row: column name to value. */
export const DatasetRowSchema = z.record(z.string().max(ANALYSIS_LIMITS.maxColumnNameLength), z.unknown());
const inlineDataset = z.array(DatasetRowSchema).min(1, "dataset must have at least one row").max(ANALYSIS_LIMITS.maxInlineRows, `dataset may have at most ${ANALYSIS_LIMITS.maxInlineRows} rows`);
const datasetId = z.string().startsWith("ds_", "Not a dataset id").max(64);
const columnName = z.string().trim().min(1).max(ANALYSIS_LIMITS.maxColumnNameLength);

export const AnalyzeOptionsSchema = z
  .object({
    /** Periods to forecast (default 30). */
    horizon: z.number().int().min(1).max(ANALYSIS_LIMITS.maxHorizon).default(30),
    /** Season length in periods; inferred from the time grain when absent (7 daily, 12 monthly, 24 hourly), null for none. */
    seasonality: z.number().int().min(2).max(366).nullable().optional(),
    /** Clusters for k-means (default 3). */
    k: z.number().int().min(2).max(ANALYSIS_LIMITS.maxClusters).default(3),
    /** How values of one time bucket are combined (default sum). */
    aggregate: z.enum(AGGREGATES).default("sum"),
  })
  .strict();

export const AnalyzeRequestSchema = z
  .object({
    dataset: inlineDataset.optional(),
    dataset_id: datasetId.optional(),
    analysis: z.enum(ANALYSIS_TYPES, { error: `analysis must be one of: ${ANALYSIS_TYPES.join(", ")}` }),
    timeframe: z.enum(TIMEFRAMES).default("all"),
    time_column: columnName.optional(),
    value_column: columnName.optional(),
    options: AnalyzeOptionsSchema.default({ horizon: 30, k: 3, aggregate: "sum" }),
  })
  .strict();
export type AnalyzeRequest = z.infer<typeof AnalyzeRequestSchema>;

export const CleanOptionsSchema = z
  .object({
    /** Remove exact duplicate rows (default true); each removal names the row kept. */
    deduplicate: z.boolean().default(true),
    /** Fill missing values (default none). */
    impute: z.enum(IMPUTE_METHODS).default("none"),
    /** Flag numeric outliers (IQR 1.5) in the report (default flag); values are kept. */
    outliers: z.enum(["flag", "none"]).default("flag"),
    /** Trim and collapse whitespace, unify values differing only in case (default true). */
    normalise_strings: z.boolean().default(true),
    /** Columns whose values are clustered OpenRefine-style (fingerprint, n-gram, nearest neighbour) and merged. */
    cluster_keys: z.array(columnName).max(50).default([]),
  })
  .strict();

export const CleanRequestSchema = z
  .object({
    dataset: inlineDataset.optional(),
    dataset_id: datasetId.optional(),
    options: CleanOptionsSchema.default({ deduplicate: true, impute: "none", outliers: "flag", normalise_strings: true, cluster_keys: [] }),
  })
  .strict();
export type CleanRequest = z.infer<typeof CleanRequestSchema>;
export type CleanOptions = z.infer<typeof CleanOptionsSchema>;

/* ---------------------------------------------------------------- results */

export const ForecastPointSchema = z.object({
  timestamp: z.string(),
  value: z.number(),
  lower_80: z.number(),
  upper_80: z.number(),
  lower_95: z.number(),
  upper_95: z.number(),
});

export const TrendInsightSchema = z.object({
  direction: z.enum(["increasing", "decreasing", "no trend"]),
  /** OLS slope per period of the series' time grain. */
  slope: z.number(),
  r2: z.number(),
  slope_std_error: z.number(),
  theil_sen_slope: z.number(),
  mann_kendall: z.object({ tau: z.number(), z: z.number(), p_value: z.number() }),
  per: z.enum(TIME_GRAINS),
});

export const GrowthRateSchema = z.object({
  /** Compound growth per period from the first to the last value; null when undefined (a non-positive end). */
  cagr: z.number().nullable(),
  /** The last period's change relative to the one before; null when undefined. */
  period_over_period: z.number().nullable(),
  periods: z.number().int(),
  per: z.enum(TIME_GRAINS),
});

export const AnomalySchema = z.object({ timestamp: z.string(), value: z.number(), expected: z.number(), score: z.number() });

/** How the anomalies were found (engine/analytics/kernels/anomalies.ts). */
export const ANOMALY_METHODS = ["robust_stl", "robust_stl_log", "robust_loess"] as const;
export type AnomalyMethod = (typeof ANOMALY_METHODS)[number];

export const AnomalyScoringSchema = z.object({
  method: z.enum(ANOMALY_METHODS).meta({
    description:
      "robust_stl: a robust seasonal-trend decomposition by loess (season smoothed over 13 cycles, local linear trend over 1.5 periods); " +
      "robust_stl_log: the same on log(value), chosen when every value is positive and the seasonal amplitude grows with the level " +
      "(at least 3 complete cycles whose levels span a ratio of 1.25, and a Theil–Sen slope of log amplitude on log level above 0.5); robust_loess: a local linear trend over 7 points, without a season.",
  }),
  threshold: z.number().meta({ description: "A period is an anomaly when |score| exceeds this." }),
  scores: z.array(z.number()).meta({
    description:
      "The score of every period of the series, oldest first, the newest included: the modified z-score 0.6745·(d − median)/MAD of the " +
      "period's deleted residual d (its value, or log value, minus the trend and season fitted without it).",
  }),
});

export const ForecastInsightSchema = z.object({
  method: z.enum(["holt_winters_additive", "holt_winters_multiplicative", "holt_linear", "seasonal_naive", "naive"]),
  /** The next `horizon` periods (named after the documented example; 30 by default). */
  next_30_days: z.array(ForecastPointSchema),
  horizon: z.number().int(),
  per: z.enum(TIME_GRAINS),
  holdout_mae: z.number(),
  holdout_mape: z.number().nullable(),
});

export const InsightsSchema = z.object({
  trend: TrendInsightSchema.optional(),
  growth_rate: GrowthRateSchema.optional(),
  anomalies: z.array(AnomalySchema).optional(),
  /** Present with `anomalies`: the method, the threshold and every period's score. */
  anomaly_scoring: AnomalyScoringSchema.optional(),
  forecast: ForecastInsightSchema.optional(),
});

export const ColumnStatisticsSchema = z.object({
  count: z.number().int(),
  mean: z.number().nullable(),
  std: z.number().nullable(),
  min: z.number().nullable(),
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
  max: z.number().nullable(),
});

export const ChartSpecSchema = z.object({
  type: z.enum(["line", "bar", "scatter"]),
  title: z.string(),
  /** Line and bar: the x labels the series align with; scatter: the x axis label only (points are [x, y]). */
  x: z.object({ label: z.string(), values: z.array(z.union([z.string(), z.number()])).optional() }),
  y: z.object({ label: z.string() }),
  series: z.array(z.object({ name: z.string(), data: z.array(z.union([z.number(), z.null(), z.tuple([z.number(), z.number()])])) })),
});
export type ChartSpec = z.infer<typeof ChartSpecSchema>;

export const AnalysisResultSchema = z.object({
  /** The series analysed: which columns, its grain and points, and how it was aggregated. */
  series: z
    .object({
      time_column: z.string(),
      value_column: z.string().nullable(),
      aggregate: z.enum([...AGGREGATES, "count"]),
      grain: z.enum(TIME_GRAINS),
      points: z.number().int(),
      start: z.string(),
      end: z.string(),
      seasonality: z.number().int().nullable(),
    })
    .optional(),
  insights: InsightsSchema,
  statistics: z.record(z.string(), ColumnStatisticsSchema).optional(),
  correlations: z
    .object({ columns: z.array(z.string()), pearson: z.record(z.string(), z.record(z.string(), z.number())), spearman: z.record(z.string(), z.record(z.string(), z.number())), rows: z.number().int() })
    .optional(),
  clusters: z
    .object({
      k: z.number().int(),
      columns: z.array(z.string()),
      centroids: z.array(z.record(z.string(), z.number())),
      sizes: z.array(z.number().int()),
      inertia: z.number(),
      rows: z.number().int(),
    })
    .optional(),
  visualizations: z.array(ChartSpecSchema),
  /** What was not computed and why (a part that does not apply is omitted, never faked). */
  notes: z.array(z.string()),
  /** Rows read (after the timeframe, for a series). */
  row_count: z.number().int(),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

export const CLEAN_ACTIONS = [
  "standardise_null",
  "convert_type",
  "invalid_value",
  "normalise_whitespace",
  "normalise_case",
  "merge_cluster",
  "remove_duplicate",
  "impute",
  "flag_outlier",
] as const;
export type CleanAction = (typeof CLEAN_ACTIONS)[number];

export const CleanReportEntrySchema = z.object({
  /** The row's position in the input (0-based). */
  row: z.number().int(),
  column: z.string().nullable(),
  action: z.enum(CLEAN_ACTIONS),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type CleanReportEntry = z.infer<typeof CleanReportEntrySchema>;

export const CleanResultSchema = z.object({
  rows: z.array(DatasetRowSchema),
  columns: z.array(z.object({ name: z.string(), type: z.enum(["number", "integer", "string", "boolean", "date", "timestamp", "empty"]) })),
  report: z.array(CleanReportEntrySchema),
  /** True when the report was cut at its cap; the summary still counts every change. */
  report_truncated: z.boolean(),
  summary: z.object({
    rows_in: z.number().int(),
    rows_out: z.number().int(),
    changes: z.record(z.string(), z.number().int()),
  }),
});
export type CleanResult = z.infer<typeof CleanResultSchema>;

export const AnalysisErrorSchema = z.object({ code: z.string(), message: z.string() });

/**
 * GET /v1/analyses/{id} and the answers of POST /v1/data/analyze and /v1/data/clean. Once
 * completed, the result's fields sit at the top level (an analysis's insights, statistics, ...;
 * a cleaning's rows, report, summary), as in the documented example.
 */
export const AnalysisSchema = z.object({
  analysis_id: z.string(),
  status: z.enum(ANALYSIS_STATUSES),
  analysis: z.enum([...ANALYSIS_TYPES, "clean"]),
  dataset_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  processing_time_ms: z.number().int().nullable(),
  error: AnalysisErrorSchema.nullable(),
  ...AnalysisResultSchema.partial().shape,
  ...CleanResultSchema.partial().shape,
});
export type Analysis = z.infer<typeof AnalysisSchema>;
