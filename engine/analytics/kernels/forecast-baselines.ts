/**
 * The benchmark forecasts the smoothing models must beat (Hyndman & Athanasopoulos, "Forecasting:
 * Principles and Practice", §5.2 and §5.5), each as point forecasts with the standard deviation
 * of their errors per step.
 */
import { KernelInputError } from "./errors.js";
import { mean } from "./numeric.js";
import { sampleVariance } from "./prediction-intervals.js";

export interface PointForecasts {
  means: number[];
  /** Standard deviation of the h-step forecast error, h = 1..means.length. */
  deviations: number[];
}

/**
 * Seasonal naive: each step repeats the value one period earlier, y(n+h) = y(n+h−m(k+1)) with
 * k = ⌊(h−1)/m⌋; sd_h = σ·√(k+1), σ² the mean square of the seasonal differences.
 */
export function seasonalNaive(values: number[], period: number, horizon: number): PointForecasts {
  if (!Number.isInteger(period) || period < 1) throw new KernelInputError("period must be a positive integer");
  checkValues(values, period);
  const n = values.length;
  const differences = lagged(values, period);
  const sigma = differences.length > 0 ? Math.sqrt(mean(differences.map((d) => d * d))) : 0;
  const means: number[] = [];
  const deviations: number[] = [];
  for (let h = 1; h <= horizon; h += 1) {
    means.push(values[n - period + ((h - 1) % period)] as number);
    deviations.push(sigma * Math.sqrt(Math.floor((h - 1) / period) + 1));
  }
  return { means, deviations };
}

/**
 * Drift: the line through the first and last values carried on, y(n+h) = y(n) + h·c with
 * c = (y(n) − y(1)) / (n − 1); sd_h = σ·√(h(1 + h/(n − 1))), σ² the sample variance of the
 * one-step differences (the residuals of the drift model).
 */
export function drift(values: number[], horizon: number): PointForecasts {
  checkValues(values, 2);
  const n = values.length;
  const last = values[n - 1] as number;
  const slope = (last - (values[0] as number)) / (n - 1);
  const sigma = Math.sqrt(sampleVariance(lagged(values, 1)));
  const steps = Array.from({ length: horizon }, (_, i) => i + 1);
  return {
    means: steps.map((h) => last + h * slope),
    deviations: steps.map((h) => sigma * Math.sqrt(h * (1 + h / (n - 1)))),
  };
}

/** y[t] − y[t − lag] for every t with a value `lag` steps back. */
export function lagged(values: number[], lag: number): number[] {
  const differences: number[] = [];
  for (let i = lag; i < values.length; i += 1) differences.push((values[i] as number) - (values[i - lag] as number));
  return differences;
}

function checkValues(values: number[], minimum: number): void {
  if (values.length < minimum) throw new KernelInputError(`forecasting needs at least ${minimum} values`);
  if (!values.every((value) => Number.isFinite(value))) throw new KernelInputError("values must be finite numbers");
}
