import { describe, expect, it } from "vitest";
import { KernelInputError } from "./errors.js";
import { AIR_PASSENGERS } from "./fixtures/air-passengers.js";
import { fitHoltWinters, forecastHoltWinters, holtLinear, holtWinters } from "./holt-winters.js";
import { sampleVariance } from "./prediction-intervals.js";

const air = [...AIR_PASSENGERS];

function expectRelative(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(tolerance);
}

// R 4.x: HoltWinters(AirPassengers, seasonal = "multiplicative") prints these parameters and
// coefficients (7 significant digits); its $SSE prints as 16570.78.
const R_MULTIPLICATIVE = {
  alpha: 0.2755925,
  beta: 0.03269295,
  gamma: 0.8707292,
  a: 469.3232206,
  b: 3.0215391,
  s: [
    0.9464611, 0.8829239, 0.9717369, 1.0304825, 1.0476884, 1.1805272, 1.3590778, 1.3331706, 1.1083381,
    0.9868813, 0.8361333, 0.9209877,
  ],
  sse: 16570.78,
};
// HoltWinters(AirPassengers) (additive): the optimised parameters R reports.
const R_ADDITIVE = { alpha: 0.2479595, beta: 0.0345373, gamma: 1 };

describe("Holt-Winters filter with R's start values", () => {
  it("reproduces R's multiplicative AirPassengers coefficients and SSE for R's parameters to 1e-6", () => {
    const fit = fitHoltWinters(air, 12, "multiplicative", R_MULTIPLICATIVE);
    expectRelative(fit.level, R_MULTIPLICATIVE.a, 1e-6);
    expectRelative(fit.trend, R_MULTIPLICATIVE.b, 1e-6);
    fit.seasonal.forEach((value, i) => expectRelative(value, R_MULTIPLICATIVE.s[i] as number, 1e-6));
    expectRelative(fit.sse, R_MULTIPLICATIVE.sse, 1e-6);
  });

  it("fits one one-step forecast per value after the first period, residuals adding up to the SSE", () => {
    const fit = fitHoltWinters(air, 12, "additive", R_ADDITIVE);
    expect(fit.fitted).toHaveLength(air.length - 12);
    fit.residuals.forEach((residual, i) => {
      expect(residual).toBeCloseTo((air[i + 12] as number) - (fit.fitted[i] as number), 9);
    });
    expectRelative(fit.residuals.reduce((total, e) => total + e * e, 0), fit.sse, 1e-12);
  });
});

describe("holtWinters (optimised)", () => {
  // Not 1e-6: R's L-BFGS-B works on finite-difference gradients (ndeps = 1e-3) and stops once an
  // iteration lowers the SSE by less than ~2e-9 relative (factr = 1e7). The SSE surface is flat
  // near its minimum (R's parameters and ours differ in SSE by under 1e-8 relative), so R's
  // reported parameters sit up to ~5e-4 (relative) from the exact minimiser. We compare at 1e-3
  // and require our SSE to be no worse than the SSE at R's parameters.
  it("reaches R's multiplicative optimum on AirPassengers", () => {
    const fit = holtWinters(air, 12, "multiplicative");
    expectRelative(fit.alpha, R_MULTIPLICATIVE.alpha, 1e-3);
    expectRelative(fit.beta, R_MULTIPLICATIVE.beta, 1e-3);
    expectRelative(fit.gamma, R_MULTIPLICATIVE.gamma, 1e-3);
    expectRelative(fit.level, R_MULTIPLICATIVE.a, 1e-4);
    expectRelative(fit.trend, R_MULTIPLICATIVE.b, 1e-3);
    expect(fit.sse).toBeLessThanOrEqual(fitHoltWinters(air, 12, "multiplicative", R_MULTIPLICATIVE).sse);
  });

  it("reaches R's additive optimum on AirPassengers, gamma on its upper bound", () => {
    const fit = holtWinters(air, 12, "additive");
    expectRelative(fit.alpha, R_ADDITIVE.alpha, 1e-3);
    expectRelative(fit.beta, R_ADDITIVE.beta, 1e-3);
    expect(fit.gamma).toBe(1);
    expect(fit.sse).toBeLessThanOrEqual(fitHoltWinters(air, 12, "additive", R_ADDITIVE).sse);
  });

  it("keeps every smoothing parameter within [0, 1]", () => {
    const noisy = air.map((value, i) => value + 40 * Math.sin(i * 12.9898));
    for (const kind of ["additive", "multiplicative"] as const) {
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
  it("forecasts (a + h b) times the season index for a multiplicative fit", () => {
    const fit = fitHoltWinters(air, 12, "multiplicative", R_MULTIPLICATIVE);
    const points = forecastHoltWinters(fit, 24);
    expect(points).toHaveLength(24);
    expect(points[0]?.mean).toBeCloseTo((fit.level + fit.trend) * (fit.seasonal[0] as number), 9);
    expect(points[13]?.mean).toBeCloseTo((fit.level + 14 * fit.trend) * (fit.seasonal[1] as number), 9);
  });

  it("gives additive intervals of R's predict.HoltWinters: sd_1 = sd(residuals), growing with psi_j", () => {
    const fit = fitHoltWinters(air, 12, "additive", R_ADDITIVE);
    const [first, second] = forecastHoltWinters(fit, 2);
    const sd1 = Math.sqrt(sampleVariance(fit.residuals));
    expect(first?.upper95).toBeCloseTo((first?.mean ?? 0) + 1.96 * sd1, 9);
    expect(first?.lower80).toBeCloseTo((first?.mean ?? 0) - 1.2816 * sd1, 9);
    const psi1 = R_ADDITIVE.alpha * (1 + R_ADDITIVE.beta);
    expect(second?.upper95).toBeCloseTo((second?.mean ?? 0) + 1.96 * sd1 * Math.sqrt(1 + psi1 * psi1), 9);
  });

  it("simulates multiplicative intervals reproducibly: one step matches the normal relative error", () => {
    const fit = fitHoltWinters(air, 12, "multiplicative", R_MULTIPLICATIVE);
    const points = forecastHoltWinters(fit, 30);
    expect(forecastHoltWinters(fit, 30)).toEqual(points);
    const relative = fit.residuals.map((e, i) => e / (fit.fitted[i] as number));
    const sigma = Math.sqrt(relative.reduce((total, r) => total + r * r, 0) / relative.length);
    const first = points[0];
    expectRelative((first?.upper95 ?? 0) - (first?.mean ?? 0), 1.96 * sigma * (first?.mean ?? 0), 0.05);
    for (const point of points) {
      expect(point.lower95).toBeLessThanOrEqual(point.lower80);
      expect(point.lower80).toBeLessThanOrEqual(point.mean);
      expect(point.mean).toBeLessThanOrEqual(point.upper80);
      expect(point.upper80).toBeLessThanOrEqual(point.upper95);
    }
    const width = (h: number) => (points[h - 1]?.upper95 ?? 0) - (points[h - 1]?.lower95 ?? 0);
    expect(width(30)).toBeGreaterThan(width(1));
  });

  it("rejects a horizon that is not a positive integer", () => {
    const fit = fitHoltWinters(air, 12, "additive", R_ADDITIVE);
    expect(() => forecastHoltWinters(fit, 0)).toThrow(KernelInputError);
    expect(() => forecastHoltWinters(fit, 1.5)).toThrow(KernelInputError);
  });
});

describe("holtLinear", () => {
  it("extends an exact straight line with zero-width intervals", () => {
    const line = Array.from({ length: 20 }, (_, i) => 5 + 2 * i);
    const fit = holtLinear(line);
    expect(fit.kind).toBe("none");
    expect(fit.sse).toBeCloseTo(0, 12);
    const points = forecastHoltWinters(fit, 3);
    expect(points.map((point) => point.mean)).toEqual([45, 47, 49].map((value) => expect.closeTo(value, 9)));
    expect(points[2]?.upper95).toBeCloseTo(49, 9);
  });

  it("needs at least four values", () => {
    expect(() => holtLinear([1, 2, 3])).toThrow(KernelInputError);
  });
});
