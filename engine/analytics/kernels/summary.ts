import { assertFiniteSeries } from "./errors.js";
import { mean, sum } from "./numeric.js";

export interface Description {
  count: number;
  mean: number;
  /** Sample standard deviation (n - 1 denominator); null for a single value. */
  std: number | null;
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
}

/** Descriptive statistics of a non-empty series; quantiles are type 7 (R's default, numpy's "linear"). */
export function describe(values: number[]): Description {
  assertFiniteSeries(values, "values", 1);
  const sorted = Float64Array.from(values).sort();
  const average = mean(values);
  const deviations = values.map((value) => (value - average) ** 2);
  return {
    count: values.length,
    mean: average,
    std: values.length > 1 ? Math.sqrt(sum(deviations) / (values.length - 1)) : null,
    min: sorted[0] as number,
    p25: quantileOfSorted(sorted, 0.25),
    median: quantileOfSorted(sorted, 0.5),
    p75: quantileOfSorted(sorted, 0.75),
    max: sorted[sorted.length - 1] as number,
  };
}

/** Type-7 quantile of ascending values: linear interpolation at h = (n - 1) p. */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lower = Math.floor(h);
  const lowerValue = sorted[lower] as number;
  if (lower + 1 >= sorted.length) return lowerValue;
  return lowerValue + (h - lower) * ((sorted[lower + 1] as number) - lowerValue);
}
