/**
 * Prediction intervals for the forecasting kernels: a standard deviation per step, then mean ± z·sd.
 *
 * - Additive Holt–Winters and Holt's linear method: the closed form for the class-1 ETS models
 *   (Hyndman, Koehler, Ord & Snyder, "Forecasting with Exponential Smoothing", 2008, ch. 6):
 *   v_h = σ² (1 + Σ_{j=1}^{h-1} c_j²), c_j = α(1 + β·φ_j) + γ(1 − α)·[j mod m = 0], φ_j = φ + … + φʲ,
 *   written with R's HoltWinters parameters (ETS β = αβ, ETS γ = γ(1 − α)); undamped (φ = 1) this
 *   is exactly R's predict.HoltWinters, σ² the sample variance of the one-step residuals as in R.
 * - Multiplicative Holt–Winters (ETS(M,A,M), class 3, no closed form): the first-order, small-σ
 *   approximation of its variance, v_h ≈ ŷ_h² σ_r² (1 + Σ c_j²), σ_r² the mean square of the
 *   relative one-step residuals (e / ŷ), with the same c_j. R's predict.HoltWinters instead applies
 *   the additive formula to the absolute residuals, which the season's scale makes too wide in the
 *   troughs and too narrow at the peaks.
 * - Baselines: normal intervals with the given per-step standard deviations.
 * The forecast kernel may widen these by a factor from its cross-validation (forecast.ts).
 */
import { dampedSteps } from "./holt-winters-filter.js";
import { mean } from "./numeric.js";

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
  phi: number;
  fitted: number[];
  residuals: number[];
  period: number;
  kind: "additive" | "multiplicative" | "none";
}

export const Z80 = 1.2816;
export const Z95 = 1.96;

/** The standard deviation of the forecast error 1..means.length steps ahead. */
export function holtWintersDeviations(model: SmoothedModel, means: number[]): number[] {
  const multiplicative = model.kind === "multiplicative";
  const sigma = multiplicative ? relativeSigma(model) : Math.sqrt(sampleVariance(model.residuals));
  const m = model.period;
  let cumulative = 1;
  return means.map((value, index) => {
    const h = index + 1;
    if (h > 1) {
      const j = h - 1;
      const seasonal = m > 0 && j % m === 0 ? model.gamma * (1 - model.alpha) : 0;
      const c = model.alpha * (1 + model.beta * dampedSteps(model.phi, j)) + seasonal;
      cumulative += c * c;
    }
    return (multiplicative ? Math.abs(value) : 1) * sigma * Math.sqrt(cumulative);
  });
}

/** Symmetric normal intervals: mean ± z·sd for each step, z scaled by `widen`. */
export function normalIntervals(means: number[], deviations: number[], widen: { p80: number; p95: number } = { p80: 1, p95: 1 }): ForecastPoint[] {
  return means.map((value, index) => {
    const sd = deviations[index] as number;
    return {
      step: index + 1,
      mean: value,
      lower80: value - Z80 * widen.p80 * sd,
      upper80: value + Z80 * widen.p80 * sd,
      lower95: value - Z95 * widen.p95 * sd,
      upper95: value + Z95 * widen.p95 * sd,
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

function relativeSigma(model: SmoothedModel): number {
  const relative = model.residuals.map((residual, i) => residual / (model.fitted[i] as number));
  return Math.sqrt(mean(relative.map((r) => r * r)));
}
