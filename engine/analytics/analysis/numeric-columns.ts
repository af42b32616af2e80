import type { AnalysisResult } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import { correlationMatrix } from "../kernels/correlation.js";
import { SILHOUETTE_SAMPLE, chooseClusterCount, sampleOf } from "../kernels/cluster-count.js";
import { kmeans } from "../kernels/kmeans.js";
import { meanSilhouette } from "../kernels/silhouette.js";
import { quoteIdentifier, type DataSource, type SourceColumn } from "./data-source.js";
import type { RowFilter } from "./load-series.js";

/** Rows read into memory for correlations and clustering (a seeded reservoir sample beyond this). */
export const MATRIX_SAMPLE_ROWS = 20_000;
const SAMPLE_SEED = 42;

type Statistics = NonNullable<AnalysisResult["statistics"]>;

const asNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Descriptive statistics of every numeric column, computed in DuckDB over all rows in one pass:
 * count of values and of nulls, mean, sample standard deviation, min, type-7 quartiles (quantile_cont), max.
 */
export async function describeColumns(db: AnalyticsDb, source: DataSource, columns: SourceColumn[], filter: RowFilter, call: AnalyticsCallOptions): Promise<Statistics> {
  if (columns.length === 0) return {};
  const selects = columns.map((column, i) => {
    const v = `cast(${quoteIdentifier(column.name)} as double)`;
    return `count(${v}) as c${i}_count, count(*) - count(${v}) as c${i}_nulls, avg(${v}) as c${i}_mean, stddev_samp(${v}) as c${i}_std, min(${v}) as c${i}_min,
            quantile_cont(${v}, [0.25, 0.5, 0.75]) as c${i}_q, max(${v}) as c${i}_max`;
  });
  const [row] = await db.all(`select ${selects.join(", ")} from ${source.from} where ${filter.where}`, [...source.params, ...filter.params], call);
  const statistics: Statistics = {};
  columns.forEach((column, i) => {
    const quartiles = Array.isArray(row?.[`c${i}_q`]) ? (row?.[`c${i}_q`] as unknown[]) : [];
    statistics[column.name] = {
      count: Number(row?.[`c${i}_count`] ?? 0),
      nulls: Number(row?.[`c${i}_nulls`] ?? 0),
      mean: asNumber(row?.[`c${i}_mean`]),
      std: asNumber(row?.[`c${i}_std`]),
      min: asNumber(row?.[`c${i}_min`]),
      p25: asNumber(quartiles[0]),
      median: asNumber(quartiles[1]),
      p75: asNumber(quartiles[2]),
      max: asNumber(row?.[`c${i}_max`]),
    };
  });
  return statistics;
}

export interface Matrix {
  columns: string[];
  /** Column-major values of the rows where every column has a value. */
  values: Record<string, number[]>;
  rows: number;
  /** Rows with every column present, before sampling. */
  total: number;
}

/** The complete rows of the given numeric columns, sampled (seeded, so repeatable) above MATRIX_SAMPLE_ROWS. */
export async function loadMatrix(db: AnalyticsDb, source: DataSource, columns: SourceColumn[], filter: RowFilter, call: AnalyticsCallOptions): Promise<Matrix> {
  const casts = columns.map((column, i) => `cast(${quoteIdentifier(column.name)} as double) as c${i}`);
  const complete = columns.map((_, i) => `c${i} is not null and isfinite(c${i})`).join(" and ");
  const inner = `select ${casts.join(", ")} from ${source.from} where ${filter.where}`;
  const params = [...source.params, ...filter.params];
  const [counted] = await db.all(`select count(*) as n from (${inner}) where ${complete}`, params, call);
  const total = Number(counted?.n ?? 0);
  const sample = total > MATRIX_SAMPLE_ROWS ? ` using sample reservoir(${MATRIX_SAMPLE_ROWS} rows) repeatable (${SAMPLE_SEED})` : "";
  const rows = await db.all(`select * from (select * from (${inner}) where ${complete})${sample}`, params, call);
  const values: Record<string, number[]> = {};
  columns.forEach((column, i) => {
    values[column.name] = rows.map((row) => Number(row[`c${i}`]));
  });
  return { columns: columns.map((column) => column.name), values, rows: rows.length, total };
}

export function correlationsOf(matrix: Matrix): NonNullable<AnalysisResult["correlations"]> {
  return {
    columns: matrix.columns,
    pearson: correlationMatrix(matrix.values, "pearson"),
    spearman: correlationMatrix(matrix.values, "spearman"),
    rows: matrix.rows,
  };
}

/**
 * k-means++ on the columns, standardised by default (so no column dominates by its units);
 * k as requested or chosen by the mean silhouette width. Centroids are reported back in the
 * columns' own units, with the size of each cluster and the clustering's silhouette.
 */
export function clustersOf(matrix: Matrix, options: { k?: number | undefined; standardize: boolean }): { clusters: NonNullable<AnalysisResult["clusters"]>; assignments: number[] } {
  const scales = matrix.columns.map((name) => {
    if (!options.standardize) return { mean: 0, std: 1 };
    const values = matrix.values[name] ?? [];
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
    return { mean, std: Math.sqrt(variance) || 1 };
  });
  const points = Array.from({ length: matrix.rows }, (_, r) => matrix.columns.map((name, c) => ((matrix.values[name]?.[r] ?? 0) - (scales[c]?.mean ?? 0)) / (scales[c]?.std ?? 1)));
  const k = options.k ?? chooseClusterCount(points, SAMPLE_SEED).k;
  const fit = kmeans(points, k, { seed: SAMPLE_SEED });
  const sampled = sampleOf(Array.from(points.keys()), SILHOUETTE_SAMPLE, SAMPLE_SEED);
  const silhouette = meanSilhouette(
    sampled.map((row) => points[row] as number[]),
    sampled.map((row) => fit.assignments[row] as number),
    k,
  );
  const sizes = Array.from({ length: k }, () => 0);
  for (const cluster of fit.assignments) sizes[cluster] = (sizes[cluster] ?? 0) + 1;
  const centroids = fit.centroids.map((centroid) =>
    Object.fromEntries(matrix.columns.map((name, c) => [name, (centroid[c] ?? 0) * (scales[c]?.std ?? 1) + (scales[c]?.mean ?? 0)])),
  );
  return {
    clusters: {
      k,
      k_chosen_by: options.k === undefined ? "silhouette" : "request",
      silhouette,
      standardized: options.standardize,
      columns: matrix.columns,
      centroids,
      sizes,
      inertia: fit.inertia,
      rows: matrix.rows,
    },
    assignments: fit.assignments,
  };
}
