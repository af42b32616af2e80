import type { AnalysisResult, ForecastMethod } from "../../../core/contracts/analytics.js";
import { detectAnomalies } from "../kernels/anomalies.js";
import { forecast } from "../kernels/forecast.js";
import { cagr, periodOverPeriod } from "../kernels/growth.js";
import { mannKendall, ols, theilSen } from "../kernels/trend.js";
import type { Series } from "./load-series.js";
import { stepBucket } from "./time-grain.js";

/**
 * Insights of one aggregated series, each from the kernels (engine/analytics/kernels/): trend,
 * growth rate, anomalies and forecast. Each throws KernelInputError when the series cannot carry
 * it (too few points, a constant series); the caller decides whether that fails the analysis.
 */

type Insights = AnalysisResult["insights"];

const indexAxis = (series: Series) => series.values.map((_, i) => i);

export function trendOf(series: Series): NonNullable<Insights["trend"]> {
  const x = indexAxis(series);
  const fit = ols(x, series.values);
  const robust = theilSen(x, series.values);
  const test = mannKendall(series.values);
  return {
    direction: test.trend,
    slope: fit.slope,
    r2: fit.r2,
    slope_std_error: fit.slopeStdError,
    theil_sen_slope: robust.slope,
    mann_kendall: { tau: test.tau, z: test.z, p_value: test.pValue },
    per: series.grain,
  };
}

export function growthOf(series: Series): NonNullable<Insights["growth_rate"]> {
  const periods = series.values.length - 1;
  const first = series.values[0] ?? 0;
  const last = series.values[periods] ?? 0;
  const changes = periodOverPeriod(series.values);
  return { cagr: cagr(first, last, periods), period_over_period: changes[changes.length - 1] ?? null, periods, per: series.grain };
}

/** A season shorter than two full cycles of the series cannot be estimated: treated as none. */
export function usablePeriod(series: Series): number | null {
  return series.seasonality !== null && series.values.length >= 2 * series.seasonality ? series.seasonality : null;
}

/** The anomalies of the series and the scoring behind them (every period's score, the newest included). */
export function anomaliesOf(series: Series): Required<Pick<Insights, "anomalies" | "anomaly_scoring">> {
  const detection = detectAnomalies(series.values, usablePeriod(series));
  return {
    anomalies: detection.anomalies.map((anomaly) => ({
      timestamp: (series.buckets[anomaly.index] as Date).toISOString(),
      value: anomaly.value,
      expected: anomaly.expected,
      score: anomaly.score,
    })),
    anomaly_scoring: { method: detection.method, threshold: detection.threshold, scores: detection.scores },
  };
}

export function forecastOf(series: Series, options: { horizon: number; method?: ForecastMethod | undefined }): NonNullable<Insights["forecast"]> {
  const { horizon } = options;
  const result = forecast(series.values, { period: usablePeriod(series), horizon, ...(options.method ? { method: options.method } : {}) });
  const last = series.buckets[series.buckets.length - 1] as Date;
  return {
    method: result.method,
    next_30_days: result.points.map((point) => ({
      timestamp: stepBucket(last, series.grain, point.step).toISOString(),
      value: point.mean,
      lower_80: point.lower80,
      upper_80: point.upper80,
      lower_95: point.lower95,
      upper_95: point.upper95,
    })),
    horizon,
    per: series.grain,
    cv: result.cv,
  };
}
