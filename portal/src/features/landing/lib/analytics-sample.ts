import type { z } from "zod";
import type { Analysis, AnalyzeRequestSchema } from "../../../../../core/contracts/analytics";

/**
 * The landing page's "Try Our Data Analytics API Live" sample: a real POST /v1/data/analyze
 * request and the answer the API gives to it. The response's numbers are the engine's own
 * output for these rows (analytics-sample.test.ts runs the engine and checks them, and checks
 * both bodies against core/contracts/analytics.ts and openapi.yaml); only the id, timestamps
 * and processing time are those of one recorded run.
 */

export const SAMPLE_ANALYZE_PATH = "/v1/data/analyze";

export const SAMPLE_ANALYZE_REQUEST = {
  analysis: "trend",
  timeframe: "last_30_days",
  dataset: [
    { date: "2026-03-01", revenue: 1200 },
    { date: "2026-03-02", revenue: 1350 },
    { date: "2026-03-03", revenue: 1410 },
    { date: "2026-03-04", revenue: 1380 },
    { date: "2026-03-05", revenue: 1525 },
    { date: "2026-03-06", revenue: 1610 },
    { date: "2026-03-07", revenue: 1580 },
    { date: "2026-03-08", revenue: 1700 },
  ],
} satisfies z.input<typeof AnalyzeRequestSchema>;

export const SAMPLE_ANALYSIS_RESPONSE = {
  analysis_id: "an_1ChG6zt73JnENNfLcx27RZ",
  status: "completed",
  analysis: "trend",
  dataset_id: null,
  created_at: "2026-03-09T08:15:02.114Z",
  completed_at: "2026-03-09T08:15:02.127Z",
  processing_time_ms: 7,
  error: null,
  series: {
    time_column: "date",
    value_column: "revenue",
    aggregate: "sum",
    grain: "day",
    points: 8,
    start: "2026-03-01T00:00:00.000Z",
    end: "2026-03-08T00:00:00.000Z",
    seasonality: 7,
    chosen: {
      time_column: "inferred",
      value_column: "inferred",
      value_column_reason: "the first numeric column",
      grain: "inferred",
      grain_reason: "the finest grain with at most 10,000 periods of which most have rows (8 of 8)",
    },
  },
  insights: {
    trend: {
      direction: "increasing",
      slope: 64.22619047619048,
      r2: 0.9283485594040024,
      slope_std_error: 7.284394656919864,
      theil_sen_slope: 61.66666666666667,
      mann_kendall: { tau: 0.8571428571428571, z: 2.8455120410060126, p_value: 0.00443400830310066 },
      per: "day",
    },
    growth_rate: { cagr: 0.051016823792615185, period_over_period: 0.0759493670886076, periods: 7, per: "day" },
  },
  visualizations: [
    {
      type: "line",
      title: "sum of revenue per day",
      x: {
        label: "date",
        values: [
          "2026-03-01T00:00:00.000Z",
          "2026-03-02T00:00:00.000Z",
          "2026-03-03T00:00:00.000Z",
          "2026-03-04T00:00:00.000Z",
          "2026-03-05T00:00:00.000Z",
          "2026-03-06T00:00:00.000Z",
          "2026-03-07T00:00:00.000Z",
          "2026-03-08T00:00:00.000Z",
        ],
      },
      y: { label: "sum of revenue" },
      series: [
        { name: "sum of revenue", data: [1200, 1350, 1410, 1380, 1525, 1610, 1580, 1700] },
        {
          name: "trend (OLS)",
          data: [
            1244.5833333333333, 1308.8095238095239, 1373.0357142857142, 1437.2619047619046, 1501.4880952380952, 1565.7142857142858,
            1629.9404761904761, 1694.1666666666665,
          ],
        },
      ],
    },
  ],
  notes: [],
  row_count: 8,
} satisfies Analysis;
