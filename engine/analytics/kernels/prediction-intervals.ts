/**
 * 80 % and 95 % prediction intervals for the forecasting kernels.
 *
 * - Additive Holt–Winters and Holt's linear method: the closed form for the ETS(A,A,A) /
 *   ETS(A,A,N) class-1 models (Hyndman, Koehler, Ord & Snyder, "Forecasting with Exponential
 *   Smoothing", 2008, ch. 6): v_h = σ² (1 + Σ_{j=1}^{h-1} c_j²), c_j = α(1 + jβ) + γ(1 − α)·[j mod m = 0],
 *   written with R's HoltWinters parameters (ETS β = αβ, ETS γ = γ(1 − α)), exactly as R's
 *   predict.HoltWinters; σ² is the sample variance of the one-step residuals, also as R.
 * - Multiplicative Holt–Winters has no exact closed form, so we simulate: 4000 sample paths of
 *   the same recursions with relative errors y = ŷ(1 + ε), ε ~ N(0, σ_r²), σ_r² the mean square of
 *   the relative one-step residuals (the ETS(M,A,M) error model), drawn from a PRNG with a fixed
 *   seed so a forecast is reproducible. Bounds are the empirical quantiles per step.
 * - Baselines: normal intervals with the given per-step standard deviations.
 */
import { mean, mulberry32 } from "./numeric.js";

export interface ForecastPoint {
  /** Steps past the last observation, 1-based. */
  step: number;
  mean: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
}

/** The fields of a Holt–Winters fit the intervals depend on. */
export interface SmoothedModel {
  alpha: number;
  beta: number;
  gamma: number;
  level: number;
  trend: number;
  seasonal: number[];
  fitted: number[];
  residuals: number[];
  period: number;
  kind: "additive" | "multiplicative" | "none";
}

export const Z80 = 1.2816;
export const Z95 = 1.96;

const SIMULATED_PATHS = 4000;
const SIMULATION_SEED = 0x5eed_2026;

/** Intervals around `means` (the point forecasts for steps 1..means.length). */
export function holtWintersIntervals(model: SmoothedModel, means: number[]): ForecastPoint[] {
  if (model.kind === "multiplicative") return simulatedIntervals(model, means);
  const variance = sampleVariance(model.residuals);
  const m = model.period;
  let cumulative = 1;
  const deviations = means.map((_, index) => {
    const h = index + 1;
    if (h > 1) {
      const j = h - 1;
      const seasonal = m > 0 && j % m === 0 ? model.gamma * (1 - model.alpha) : 0;
      const c = model.alpha * (1 + j * model.beta) + seasonal;
      cumulative += c * c;
    }
    return Math.sqrt(variance * cumulative);
  });
  return normalIntervals(means, deviations);
}

/** Symmetric normal intervals: mean ± z·sd for each step. */
export function normalIntervals(means: number[], deviations: number[]): ForecastPoint[] {
  return means.map((value, index) => {
    const sd = deviations[index] as number;
    return {
      step: index + 1,
      mean: value,
      lower80: value - Z80 * sd,
      upper80: value + Z80 * sd,
      lower95: value - Z95 * sd,
      upper95: value + Z95 * sd,
    };
  });
}

function simulatedIntervals(model: SmoothedModel, means: number[]): ForecastPoint[] {
  const relative = model.residuals.map((residual, i) => residual / (model.fitted[i] as number));
  const sigma = Math.sqrt(mean(relative.map((r) => r * r)));
  const horizon = means.length;
  const paths = Array.from({ length: horizon }, () => new Float64Array(SIMULATED_PATHS));
  const normal = normalSampler(SIMULATION_SEED);
  const { alpha, beta, gamma, period } = model;

  for (let path = 0; path < SIMULATED_PATHS; path += 1) {
    const season = [...model.seasonal];
    let level = model.level;
    let trend = model.trend;
    for (let h = 0; h < horizon; h += 1) {
      const slot = h % period;
      const index = season[slot] as number;
      const y = (level + trend) * index * (1 + sigma * normal());
      const previousLevel = level;
      level = alpha * (y / index) + (1 - alpha) * (level + trend);
      trend = beta * (level - previousLevel) + (1 - beta) * trend;
      season[slot] = gamma * (y / level) + (1 - gamma) * index;
      (paths[h] as Float64Array)[path] = y;
    }
  }

  return means.map((value, h) => {
    const sorted = (paths[h] as Float64Array).sort();
    return {
      step: h + 1,
      mean: value,
      lower80: Math.min(value, quantile(sorted, 0.1)),
      upper80: Math.max(value, quantile(sorted, 0.9)),
      lower95: Math.min(value, quantile(sorted, 0.025)),
      upper95: Math.max(value, quantile(sorted, 0.975)),
    };
  });
}

/** Sample variance (n − 1), as R's var(); 0 for fewer than two values. */
export function sampleVariance(values: number[]): number {
  if (values.length < 2) return 0;
  const centre = mean(values);
  let total = 0;
  for (const value of values) total += (value - centre) * (value - centre);
  return total / (values.length - 1);
}

/** Type-7 quantile of an ascending array. */
function quantile(sorted: Float64Array, p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const weight = position - below;
  return (sorted[below] as number) * (1 - weight) + (sorted[above] as number) * weight;
}

/** Standard normal draws by the Box–Muller transform over a seeded mulberry32 stream. */
function normalSampler(seed: number): () => number {
  const uniform = mulberry32(seed);
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u = 1 - uniform(); // (0, 1], so the logarithm is finite
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}
