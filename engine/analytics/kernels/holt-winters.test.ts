import { beforeAll, describe, expect, it } from "vitest";
import { numbers, rTimeSeries, runR, type RVectors } from "../../../testing/r-reference.js";
import { KernelInputError } from "./errors.js";
import { fitHoltWinters, forecastHoltWinters, holtLinear, holtWinters, type SmoothingParameters } from "./holt-winters.js";
import { sampleVariance } from "./prediction-intervals.js";

function expectRelative(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(tolerance);
}

const KINDS = ["additive", "multiplicative"] as const;

/** R's HoltWinters(AirPassengers, seasonal = kind): parameters, coefficients a, b, s1..s12, SSE, predict(24) and its 95 % interval. */
interface RFit {
  params: SmoothingParameters;
  coefficients: number[];
  sse: number;
  predicted: number[];
  upper95: number[];
}

/** R's qnorm(0.975), the z of its 95 % intervals (ours is 1.96). */
let rZ95: number;

let air: number[];
const reference = {} as Record<(typeof KINDS)[number], RFit>;

beforeAll(async () => {
  air = (await rTimeSeries("AirPassengers")).values;
  const vectors: RVectors = await runR(
    KINDS.map(
      (kind) => `f <- HoltWinters(AirPassengers, seasonal = "${kind}"); p <- predict(f, 24, prediction.interval = TRUE, level = 0.95)
        emit("${kind}_params", c(f$alpha, f$beta, f$gamma)); emit("${kind}_coefficients", f$coefficients); emit("${kind}_sse", f$SSE)
        emit("${kind}_fit", p[, "fit"]); emit("${kind}_upr", p[, "upr"])`,
    ).join("\n"),
  );
  rZ95 = numbers(await runR(`emit("z", qnorm(0.975))`), "z")[0] as number;
  for (const kind of KINDS) {
    const [alpha = 0, beta = 0, gamma = 0] = numbers(vectors, `${kind}_params`);
    reference[kind] = {
      params: { alpha, beta, gamma },
      coefficients: numbers(vectors, `${kind}_coefficients`),
      sse: numbers(vectors, `${kind}_sse`)[0] as number,
      predicted: numbers(vectors, `${kind}_fit`),
      upper95: numbers(vectors, `${kind}_upr`),
    };
  }
}, 60_000);

describe("Holt-Winters filter with R's start values", () => {
  it.each(KINDS)("reproduces R's %s AirPassengers coefficients, SSE and 24 forecasts for R's parameters", (kind) => {
    const r = reference[kind];
    const fit = fitHoltWinters(air, 12, kind, r.params);
    const [a = 0, b = 0, ...seasonal] = r.coefficients;
    expectRelative(fit.level, a, 1e-9);
    expectRelative(fit.trend, b, 1e-9);
    fit.seasonal.forEach((value, i) => expectRelative(value, seasonal[i] as number, 1e-9));
    expectRelative(fit.sse, r.sse, 1e-9);
    forecastHoltWinters(fit, 24).forEach((point, i) => expect(Math.abs(point.mean - (r.predicted[i] as number))).toBeLessThan(1e-4));
  });

  it("fits one one-step forecast per value after the first period, residuals adding up to the SSE", () => {
    const fit = fitHoltWinters(air, 12, "additive", reference.additive.params);
    expect(fit.fitted).toHaveLength(air.length - 12);
    fit.residuals.forEach((residual, i) => {
      expect(residual).toBeCloseTo((air[i + 12] as number) - (fit.fitted[i] as number), 9);
    });
    expectRelative(fit.residuals.reduce((total, e) => total + e * e, 0), fit.sse, 1e-12);
  });

  it("is R's undamped filter when phi = 1 and forecasts a damped trend that levels off when phi < 1", () => {
    const params = reference.additive.params;
    const undamped = fitHoltWinters(air, 12, "additive", { ...params, phi: 1 });
    expect(undamped.sse).toBe(fitHoltWinters(air, 12, "additive", params).sse);
    const damped = fitHoltWinters(air, 12, "additive", { ...params, phi: 0.9 });
    const points = forecastHoltWinters(damped, 36);
    // One season apart the forecasts differ by the trend added in between: b(φ^13 + … + φ^24), then b(φ^25 + … + φ^36).
    const gain = (from: number, to: number) => (points[to - 1]?.mean ?? 0) - (points[from - 1]?.mean ?? 0);
    const steps = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => 0.9 ** (from + 1 + i)).reduce((x, y) => x + y, 0);
    expect(gain(12, 24)).toBeCloseTo(damped.trend * steps(12, 24), 9);
    expect(gain(24, 36)).toBeCloseTo(damped.trend * steps(24, 36), 9);
  });
});

describe("holtWinters (optimised)", () => {
  // Not 1e-6: R's L-BFGS-B works on finite-difference gradients (ndeps = 1e-3) and stops once an
  // iteration lowers the SSE by less than ~2e-9 relative (factr = 1e7). The SSE surface is flat
  // near its minimum, so R's reported parameters sit up to ~5e-4 (relative) from the exact
  // minimiser. We compare at 1e-3 and require our SSE to be no worse than the SSE at R's parameters.
  it("reaches R's multiplicative optimum on AirPassengers", () => {
    const r = reference.multiplicative;
    const fit = holtWinters(air, 12, "multiplicative");
    expectRelative(fit.alpha, r.params.alpha, 1e-3);
    expectRelative(fit.beta, r.params.beta, 1e-3);
    expectRelative(fit.gamma, r.params.gamma, 1e-3);
    expectRelative(fit.level, r.coefficients[0] as number, 1e-4);
    expect(fit.sse).toBeLessThanOrEqual(fitHoltWinters(air, 12, "multiplicative", r.params).sse);
  });

  it("reaches R's additive optimum on AirPassengers, gamma on its upper bound", () => {
    const r = reference.additive;
    const fit = holtWinters(air, 12, "additive");
    expectRelative(fit.alpha, r.params.alpha, 1e-3);
    expectRelative(fit.beta, r.params.beta, 1e-3);
    expect(r.params.gamma).toBe(1);
    expect(fit.gamma).toBe(1);
    expect(fit.sse).toBeLessThanOrEqual(fitHoltWinters(air, 12, "additive", r.params).sse);
  });

  it("fits a damped trend no worse than the undamped fit at phi = 0.98 and keeps phi within [0.8, 0.98]", () => {
    const damped = holtWinters(air, 12, "multiplicative", { damped: true });
    expect(damped.phi).toBeGreaterThanOrEqual(0.8);
    expect(damped.phi).toBeLessThanOrEqual(0.98);
    const undamped = holtWinters(air, 12, "multiplicative");
    const atBound = fitHoltWinters(air, 12, "multiplicative", { alpha: undamped.alpha, beta: undamped.beta, gamma: undamped.gamma, phi: 0.98 });
    expect(damped.sse).toBeLessThanOrEqual(atBound.sse);
  });

  it("keeps every smoothing parameter within [0, 1]", () => {
    const noisy = air.map((value, i) => value + 40 * Math.sin(i * 12.9898));
    for (const kind of KINDS) {
      const fit = holtWinters(noisy, 12, kind);
      for (const parameter of [fit.alpha, fit.beta, fit.gamma]) {
        expect(parameter).toBeGreaterThanOrEqual(0);
        expect(parameter).toBeLessThanOrEqual(1);
      }
    }
  });

  it("rejects too short, non-finite, non-positive (multiplicative) input and bad periods", () => {
    expect(() => holtWinters(air.slice(0, 24), 12, "additive")).toThrow(KernelInputError);
    expect(() => holtWinters([...air.slice(0, 30), Number.NaN], 12, "additive")).toThrow(KernelInputError);
    expect(() => holtWinters([...air.slice(0, 30), 0], 12, "multiplicative")).toThrow(KernelInputError);
    expect(() => holtWinters(air, 1, "additive")).toThrow(KernelInputError);
    expect(() => holtWinters(air, 2.5, "additive")).toThrow(KernelInputError);
    expect(() => fitHoltWinters(air, 12, "additive", { alpha: 1.2, beta: 0, gamma: 0 })).toThrow(KernelInputError);
  });
});

describe("forecastHoltWinters", () => {
  it("gives R's predict.HoltWinters intervals for an additive fit", () => {
    const r = reference.additive;
    const points = forecastHoltWinters(fitHoltWinters(air, 12, "additive", r.params), 24);
    // The same standard deviations: the half-widths differ only by R's z against our 1.96.
    points.forEach((point, i) => expectRelative((point.upper95 - point.mean) / 1.96, ((r.upper95[i] as number) - (r.predicted[i] as number)) / rZ95, 1e-9));
  });

  it("widens additive intervals by psi_j exactly as the class-1 formula says", () => {
    const r = reference.additive.params;
    const fit = fitHoltWinters(air, 12, "additive", r);
    const [first, second] = forecastHoltWinters(fit, 2);
    const sd1 = Math.sqrt(sampleVariance(fit.residuals));
    expect(first?.lower80).toBeCloseTo((first?.mean ?? 0) - 1.2816 * sd1, 9);
    const psi1 = r.alpha * (1 + r.beta);
    expect(second?.upper95).toBeCloseTo((second?.mean ?? 0) + 1.96 * sd1 * Math.sqrt(1 + psi1 * psi1), 9);
  });

  it("scales multiplicative intervals with the forecast: the relative residuals' sigma times the mean at one step", () => {
    const fit = fitHoltWinters(air, 12, "multiplicative", reference.multiplicative.params);
    const points = forecastHoltWinters(fit, 30);
    const relative = fit.residuals.map((e, i) => e / (fit.fitted[i] as number));
    const sigma = Math.sqrt(relative.reduce((total, r) => total + r * r, 0) / relative.length);
    const first = points[0];
    expect((first?.upper95 ?? 0) - (first?.mean ?? 0)).toBeCloseTo(1.96 * sigma * (first?.mean ?? 0), 9);
    const relativeWidth = (h: number) => ((points[h - 1]?.upper80 ?? 0) - (points[h - 1]?.lower80 ?? 0)) / (points[h - 1]?.mean ?? 1);
    expect(relativeWidth(30)).toBeGreaterThan(relativeWidth(18));
    expect(relativeWidth(18)).toBeGreaterThan(relativeWidth(1));
  });

  it("rejects a horizon that is not a positive integer", () => {
    const fit = fitHoltWinters(air, 12, "additive", reference.additive.params);
    expect(() => forecastHoltWinters(fit, 0)).toThrow(KernelInputError);
    expect(() => forecastHoltWinters(fit, 1.5)).toThrow(KernelInputError);
  });
});

describe("holtLinear", () => {
  it("extends an exact straight line with zero-width intervals, damped or not", () => {
    const line = Array.from({ length: 20 }, (_, i) => 5 + 2 * i);
    const fit = holtLinear(line);
    expect(fit.kind).toBe("none");
    expect(fit.sse).toBeCloseTo(0, 12);
    const points = forecastHoltWinters(fit, 3);
    expect(points.map((point) => point.mean)).toEqual([45, 47, 49].map((value) => expect.closeTo(value, 9)));
    expect(points[2]?.upper95).toBeCloseTo(49, 9);
    const damped = holtLinear(line, { damped: true });
    expect(damped.phi).toBeLessThan(1);
    expect(forecastHoltWinters(damped, 1)[0]?.mean).toBeLessThan(45 + 1e-9);
  });

  it("needs at least four values", () => {
    expect(() => holtLinear([1, 2, 3])).toThrow(KernelInputError);
  });
});
