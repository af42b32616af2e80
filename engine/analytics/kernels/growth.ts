import { KernelInputError, assertFiniteSeries } from "./errors.js";

/**
 * Compound growth rate per period: (last / first)^(1 / periods) - 1, as a fraction (0.05 = 5 %).
 * Null when it is undefined: first <= 0 or last < 0.
 */
export function cagr(first: number, last: number, periods: number): number | null {
  assertFiniteSeries([first, last], "cagr endpoints", 2);
  if (!Number.isFinite(periods) || periods <= 0) {
    throw new KernelInputError("periods must be a positive number");
  }
  if (first <= 0 || last < 0) return null;
  return Math.pow(last / first, 1 / periods) - 1;
}

/**
 * Change of each value against the previous one, as a fraction of the previous value's magnitude
 * ((v[i] - v[i-1]) / |v[i-1]|, so a rise is positive even from a negative base). The first entry,
 * and any entry after a zero, is null.
 */
export function periodOverPeriod(values: number[]): Array<number | null> {
  assertFiniteSeries(values, "values", 0);
  return values.map((value, i) => {
    if (i === 0) return null;
    const previous = values[i - 1] as number;
    return previous === 0 ? null : (value - previous) / Math.abs(previous);
  });
}
