import type { AnalysisResult, ChartSpec } from "../../../core/contracts/analytics.js";
import type { Series } from "./load-series.js";
import type { Matrix } from "./numeric-columns.js";

/**
 * Chart specs the portal renders (line, bar, scatter): what was computed, drawn, never more.
 * Line and bar series align with `x.values`; scatter series are [x, y] points.
 */

/** Points per scatter chart, so a result stays small. */
const MAX_SCATTER_POINTS = 2_000;

export function seriesChart(series: Series, insights: AnalysisResult["insights"]): ChartSpec {
  const history = series.buckets.map((bucket) => bucket.toISOString());
  const future = insights.forecast?.next_30_days ?? [];
  const x = [...history, ...future.map((point) => point.timestamp)];
  const pad = <T>(values: T[], before: number, after: number): Array<T | null> => [...Array<null>(before).fill(null), ...values, ...Array<null>(after).fill(null)];
  const label = series.valueColumn ? `${series.aggregate} of ${series.valueColumn}` : "rows";
  const chart: ChartSpec = {
    type: "line",
    title: `${label} per ${series.grain}`,
    x: { label: series.timeColumn, values: x },
    y: { label },
    series: [{ name: label, data: pad(series.values, 0, future.length) }],
  };
  if (insights.trend) {
    const intercept = meanOf(series.values) - insights.trend.slope * ((series.values.length - 1) / 2);
    chart.series.push({ name: "trend (OLS)", data: pad(series.values.map((_, i) => intercept + insights.trend!.slope * i), 0, future.length) });
  }
  if (insights.anomalies?.length) {
    const byTime = new Map(insights.anomalies.map((anomaly) => [anomaly.timestamp, anomaly.value]));
    chart.series.push({ name: "anomalies", data: pad(history.map((at) => byTime.get(at) ?? null), 0, future.length) });
  }
  if (future.length) {
    chart.series.push(
      { name: "forecast", data: pad(future.map((point) => point.value), history.length, 0) },
      { name: "lower 95%", data: pad(future.map((point) => point.lower_95), history.length, 0) },
      { name: "upper 95%", data: pad(future.map((point) => point.upper_95), history.length, 0) },
    );
  }
  return chart;
}

/** OLS passes through the means, so the fitted line needs only the slope. */
function meanOf(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function correlationChart(correlations: NonNullable<AnalysisResult["correlations"]>): ChartSpec {
  const pairs: Array<[string, string]> = [];
  correlations.columns.forEach((a, i) => correlations.columns.slice(i + 1).forEach((b) => pairs.push([a, b])));
  return {
    type: "bar",
    title: "Correlation of each pair of columns",
    x: { label: "pair", values: pairs.map(([a, b]) => `${a} × ${b}`) },
    y: { label: "correlation" },
    series: [
      { name: "pearson", data: pairs.map(([a, b]) => correlations.pearson[a]?.[b] ?? null) },
      { name: "spearman", data: pairs.map(([a, b]) => correlations.spearman[a]?.[b] ?? null) },
    ],
  };
}

/** The clusters on the first two clustered columns. */
export function clusterChart(matrix: Matrix, assignments: number[], k: number): ChartSpec {
  const [xName, yName] = matrix.columns as [string, string];
  const xs = matrix.values[xName] ?? [];
  const ys = matrix.values[yName] ?? [];
  const step = Math.max(1, Math.ceil(matrix.rows / MAX_SCATTER_POINTS));
  const groups: Array<Array<[number, number]>> = Array.from({ length: k }, () => []);
  for (let r = 0; r < matrix.rows; r += step) groups[assignments[r] ?? 0]?.push([xs[r] ?? 0, ys[r] ?? 0]);
  return {
    type: "scatter",
    title: `Clusters by ${xName} and ${yName}`,
    x: { label: xName },
    y: { label: yName },
    series: groups.map((data, cluster) => ({ name: `cluster ${cluster + 1}`, data })),
  };
}
