import { z } from "zod";
import { ANALYSES, ANALYSIS_TYPES, AUTO_ANALYSIS, type AnalysisType } from "./analysis-types.js";

/**
 * Requests and results of the analytics API (DESIGN.md section 8): POST /v1/data/analyze,
 * POST /v1/data/clean and GET /v1/analyses/{id}. Browser-safe (plain zod), so the portal can
 * reuse the same shapes. A dataset is given inline (`dataset`, an array of row objects) or by id
 * (`dataset_id`, an uploaded dataset); exactly one of them.
 */

export const TIMEFRAMES = ["last_7_days", "last_30_days", "last_90_days", "last_365_days", "all"] as const;
export const ANALYSIS_STATUSES = ["queued", "running", "completed", "failed"] as const;
export const AGGREGATES = ["sum", "mean"] as const;
export const IMPUTE_METHODS = ["none", "mean", "median", "mode"] as const;
export const TIME_GRAINS = ["minute", "hour", "day", "week", "month", "quarter", "year"] as const;

/** Forecasting methods, simplest first (on a tie in cross-validated error the simpler wins). */
export const FORECAST_METHODS = [
  "drift",
  "seasonal_naive",
  "holt_linear",
  "holt_linear_damped",
  "holt_winters_additive",
  "holt_winters_multiplicative",
  "holt_winters_damped_additive",
  "holt_winters_damped_multiplicative",
] as const;

export type ForecastMethod = (typeof FORECAST_METHODS)[number];
export type Timeframe = (typeof TIMEFRAMES)[number];
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
export type TimeGrain = (typeof TIME_GRAINS)[number];
/** What an analyses row runs: an analysis, or a cleaning. */
export type AnalysisKind = AnalysisType | "clean";

/**
 * Inline data (`dataset` rows in POST /v1/data/analyze and /v1/data/clean) is capped in rows and
 * in request bytes; the byte cap fits the row cap for rows of up to about 80 bytes of JSON (a
 * timestamp and a few numbers). Larger data is uploaded once with POST /v1/datasets.
 */
export const ANALYSIS_LIMITS = {
  maxInlineRows: 100_000,
  maxInlineBytes: 8 * 1_048_576,
  maxColumnNameLength: 200,
  maxHorizon: 365,
  maxClusters: 20,
} as const;

const UPLOAD_INSTEAD = "upload larger data with POST /v1/datasets and analyse it by dataset_id";

/** The 413 of an inline request past `maxInlineBytes`. */
export const INLINE_DATA_TOO_LARGE = `The request body is larger than ${ANALYSIS_LIMITS.maxInlineBytes / 1_048_576} MiB, the limit for inline data (at most ${ANALYSIS_LIMITS.maxInlineRows.toLocaleString("en-US")} rows); ${UPLOAD_INSTEAD}.`;

/** One inline row: column name to value. */
export const DatasetRowSchema = z.record(z.string().max(ANALYSIS_LIMITS.maxColumnNameLength), z.unknown());
const inlineDataset = z.array(DatasetRowSchema).min(1, "dataset must have at least one row").max(ANALYSIS_LIMITS.maxInlineRows, `dataset may have at most ${ANALYSIS_LIMITS.maxInlineRows.toLocaleString("en-US")} rows inline; ${UPLOAD_INSTEAD}`);
const datasetId = z.string().startsWith("ds_", "Not a dataset id").max(64);
const columnName = z.string().trim().min(1).max(ANALYSIS_LIMITS.maxColumnNameLength);

export const AnalyzeOptionsSchema = z
  .object({
    /** Periods to forecast (default 30). */
    horizon: z.number().int().min(1).max(ANALYSIS_LIMITS.maxHorizon).default(30),
    /** Season length in periods; inferred from the time grain when absent (7 daily, 12 monthly, 24 hourly), null for none. */
    seasonality: z.number().int().min(2).max(366).nullable().optional(),
    /** Forecast with this method instead of the one rolling-origin cross-validation chooses. */
    method: z.enum(FORECAST_METHODS).optional().meta({ description: "Forecast with this method; by default the method with the lowest rolling-origin cross-validated error is chosen." }),
    /** Clusters for k-means; chosen by the mean silhouette width over k = 2..10 when absent. */
    k: z.number().int().min(2).max(ANALYSIS_LIMITS.maxClusters).optional().meta({ description: "Clusters for k-means; when absent, k = 2..10 with the highest mean silhouette width." }),
    /** Scale each column to mean 0 and standard deviation 1 before clustering (default true). */
    standardize: z.boolean().default(true).meta({ description: "Cluster on columns scaled to mean 0 and standard deviation 1 (default true); false clusters in the columns' own units." }),
    /** How values of one time bucket are combined (default sum). */
    aggregate: z.enum(AGGREGATES).default("sum"),
  })
  .strict();

export const AnalyzeRequestSchema = z
  .object({
    dataset: inlineDataset.optional(),
    dataset_id: datasetId.optional(),
    analysis: z
      .enum(ANALYSIS_TYPES, { error: `analysis must be one of: ${ANALYSIS_TYPES.join(", ")}` })
      .meta({ description: [...ANALYSES, AUTO_ANALYSIS].map((analysis) => `\`${analysis.type}\`: ${analysis.description}`).join("\n") }),
    timeframe: z.enum(TIMEFRAMES).default("all"),
    time_column: columnName.optional(),
    value_column: columnName.optional(),
    options: AnalyzeOptionsSchema.default({ horizon: 30, aggregate: "sum", standardize: true }),
  })
  .strict();
export type AnalyzeRequest = z.infer<typeof AnalyzeRequestSchema>;

/** Which merges of key clustering change cells; the others are reported as suggestions. */
export const APPLY_CLUSTERS = ["none", "fingerprint", "all"] as const;

export const CleanOptionsSchema = z
  .object({
    deduplicate: z.boolean().default(true).describe("Remove exact duplicate rows; each removal names the row kept."),
    impute: z.enum(IMPUTE_METHODS).default("none").describe("Fill missing values with the column's mean, median or mode (numeric columns for mean and median)."),
    outliers: z.enum(["flag", "none"]).default("flag").describe("Flag numeric outliers (outside Tukey's fences, IQR 1.5) in the report; values are kept."),
    normalise_strings: z.boolean().default(true).describe("Trim and collapse whitespace, and unify values that differ only in case."),
    infer_types: z
      .boolean()
      .default(true)
      .describe(
        'Read text as what it means: missing-value sentinels ("", "N/A", "null", ...) become null; numbers (thousands separators, decimal commas, percentages, currencies), booleans and dates written as text become typed values. Identifier-like columns (leading zeros, fixed-width digit strings, international phone numbers) stay text, non-finite numbers (Infinity, inf) in a numeric column become null, and each such decision is in the report. Off: no cell changes type.',
      ),
    decimal_separator: z
      .enum(["auto", ".", ","])
      .default("auto")
      .describe(
        'Decimal separator of numbers written as text. auto decides per column: a column whose values use a decimal comma ("3,5", "1.234,56") is read that way; a column whose values fit both ("1,234") is read with a decimal point and flagged (flag_ambiguous_number).',
      ),
    day_order: z
      .enum(["auto", "mdy", "dmy"])
      .default("auto")
      .describe(
        "Order of day and month in dates like 03/04/2024. auto decides per column from a day over 12; when every such date fits both orders, the column is kept as text and flagged (flag_ambiguous_date).",
      ),
    cluster_keys: z
      .array(columnName)
      .max(50)
      .default([])
      .describe("Columns whose values are clustered OpenRefine-style (fingerprint, n-gram fingerprint, nearest neighbour by Levenshtein distance)."),
    apply_clusters: z
      .enum(APPLY_CLUSTERS)
      .default("fingerprint")
      .describe(
        "Which merges of key clustering change cells. fingerprint: only spellings that differ in case, accents, whitespace, punctuation or word order; none: no merge; all: n-gram and nearest-neighbour merges too. Merges not applied are reported as suggest_merge entries with the value proposed.",
      ),
  })
  .strict();

export const CleanRequestSchema = z
  .object({
    dataset: inlineDataset.optional(),
    dataset_id: datasetId.optional(),
    options: CleanOptionsSchema.default(CleanOptionsSchema.parse({})),
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
  method: z.enum(FORECAST_METHODS),
  /** The next `horizon` periods (named after the documented example; 30 by default). */
  next_30_days: z.array(ForecastPointSchema).meta({
    description:
      "The next `horizon` periods with 80 % and 95 % prediction intervals: the model's normal intervals (exact for additive Holt–Winters as R's predict.HoltWinters; a first-order small-σ approximation of the ETS(M,A,M) variance for multiplicative), widened when the cross-validated errors show them too narrow so that about 80 % and 95 % of the backtested errors fall inside.",
  }),
  horizon: z.number().int(),
  per: z.enum(TIME_GRAINS),
  /** Rolling-origin cross-validation of the method; null when the series is too short for one fold. */
  cv: z
    .object({
      mae: z.number(),
      mase: z.number().nullable().meta({ description: "MAE over the in-sample MAE of the one-step (seasonal) naive forecast; null when that is 0." }),
      folds: z.number().int(),
      horizon: z.number().int().meta({ description: "Steps forecast from each origin: min(horizon, season length)." }),
    })
    .nullable()
    .meta({ description: "Mean absolute error of the method forecasting from origins stepping back one fold horizon at a time over the end of the series, refitted at each; the method with the lowest is chosen. null when the series is too short for a fold." }),
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
      k_chosen_by: z.enum(["request", "silhouette"]).meta({ description: "request when options.k was given; otherwise the k of 2..10 with the highest mean silhouette width." }),
      silhouette: z.number().meta({ description: "Mean silhouette width of the clustering (as R's cluster::silhouette), over at most 2000 sampled rows." }),
      standardized: z.boolean(),
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
  "replace_non_finite",
  "keep_text",
  "flag_ambiguous_number",
  "flag_ambiguous_date",
  "normalise_whitespace",
  "normalise_case",
  "merge_cluster",
  "suggest_merge",
  "remove_duplicate",
  "impute",
  "flag_outlier",
] as const;
export type CleanAction = (typeof CLEAN_ACTIONS)[number];

export const CleanReportEntrySchema = z.object({
  row: z.number().int().describe("The row's position in the input (0-based); a decision about a whole column names the first row that shows it."),
  column: z.string().nullable(),
  action: z
    .enum(CLEAN_ACTIONS)
    .describe(
      "What was done. Besides changes: keep_text (an identifier-like column kept as text), flag_ambiguous_number and flag_ambiguous_date (a column whose values read two ways), suggest_merge (a cluster merge not applied), flag_outlier (a value outside the fences, kept).",
    ),
  before: z.unknown(),
  after: z.unknown().describe("The cell as returned; equal to before for flags, keep_text and suggest_merge."),
  reason: z.string(),
  suggestion: z.unknown().optional().describe("suggest_merge only: the value the cell could become (apply_clusters all would apply it)."),
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
