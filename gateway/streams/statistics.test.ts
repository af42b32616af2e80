import { describe, expect, it } from "vitest";
import { ANOMALY_MIN_VALUES, EWMA_ALPHA, ewma, robustScore, sampleVariance, welford, type Moments } from "./statistics.js";

const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.max(Math.abs(expected), Number.MIN_VALUE);

describe("welford", () => {
  it("matches a two-pass mean and sample variance to 1e-12 relative, also far from zero", () => {
    const values = Array.from({ length: 5_000 }, (_, i) => 1e9 + Math.sin(i) * 1_000 + (i % 7));
    const moments = values.reduce<Moments>(welford, { count: 0, mean: 0, m2: 0 });
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
    expect(moments.count).toBe(5_000);
    expect(relative(moments.mean, mean)).toBeLessThan(1e-12);
    expect(relative(sampleVariance(moments), variance)).toBeLessThan(1e-9);
  });

  it("gives variance 0 below two values", () => {
    expect(sampleVariance(welford({ count: 0, mean: 0, m2: 0 }, 42))).toBe(0);
  });
});

describe("ewma", () => {
  it("starts at the first value and moves alpha of the way towards each next one", () => {
    expect(ewma(null, 10)).toBe(10);
    expect(ewma(10, 20)).toBeCloseTo(10 + EWMA_ALPHA * 10, 12);
  });
});

describe("robustScore", () => {
  const window = Array.from({ length: 40 }, (_, i) => 100 + (i % 10));

  it("scores nothing below the minimum window", () => {
    expect(robustScore(window.slice(0, ANOMALY_MIN_VALUES - 1), 1e6)).toEqual({ flagged: false, score: 0 });
  });

  it("computes 0.6745·(x − median)/MAD", () => {
    // median 104.5, absolute deviations 0.5..4.5 each four times: MAD 2.5.
    const { flagged, score } = robustScore(window, 130);
    expect(score).toBeCloseTo((0.6745 * (130 - 104.5)) / 2.5, 12);
    expect(flagged).toBe(true);
    expect(robustScore(window, 106).flagged).toBe(false);
  });

  it("falls back to the mean absolute deviation when the MAD is 0", () => {
    const mostlyFlat = [...Array.from({ length: 30 }, () => 5), ...Array.from({ length: 10 }, () => 9)];
    const { score } = robustScore(mostlyFlat, 50);
    expect(score).toBeCloseTo((50 - 5) / (1.253314 * 1), 12);
  });

  it("flags any other value with a null score when every window value is equal", () => {
    const flat = Array.from({ length: 25 }, () => 7);
    expect(robustScore(flat, 7)).toEqual({ flagged: false, score: 0 });
    expect(robustScore(flat, 7.5)).toEqual({ flagged: true, score: null });
  });
});
