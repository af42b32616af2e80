import { describe, expect, it } from "vitest";
import { ANOMALY_MIN_VALUES, EMPTY_LEVEL, EWMA_ALPHA, SCALE_FLOOR, ewma, sampleVariance, scoreSequence, scoreValue, welford, type Moments } from "./statistics.js";

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

/** A deterministic standard normal stream (Box–Muller over a seeded LCG). */
function normals(seed: number) {
  let state = seed;
  const uniform = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state + 0.5) / 2_147_483_648;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Precision and recall of the streamed scores over seeded series, each with 3 spikes at random positions (after the warm-up). */
function accuracy(make: (seed: number, spikes: Set<number>) => number[]) {
  let found = 0;
  let missed = 0;
  let falseAlarms = 0;
  for (let seed = 1; seed <= 10; seed++) {
    const position = normals(seed * 31);
    const spikes = new Set<number>();
    while (spikes.size < 3) spikes.add(100 + Math.floor(Math.abs(position() * 1_000)) % 2_900);
    scoreSequence(make(seed, spikes)).forEach(({ flagged }, i) => {
      if (spikes.has(i)) {
        if (flagged) found++;
        else missed++;
      } else if (flagged) falseAlarms++;
    });
  }
  return { precision: found / Math.max(1, found + falseAlarms), recall: found / Math.max(1, found + missed), falseAlarms };
}

const sine = (i: number) => 10 * Math.sin((2 * Math.PI * i) / 600);

describe("scoreValue", () => {
  it("scores nothing below the minimum of residuals", () => {
    const scores = scoreSequence([...Array.from({ length: ANOMALY_MIN_VALUES }, (_, i) => 100 + (i % 3)), 1e6]);
    expect(scores.every(({ flagged, score }) => !flagged && score === 0)).toBe(true);
  });

  it("scores the residual from the local level against the median and MAD of the recent residuals", () => {
    const values = Array.from({ length: 60 }, (_, i) => 100 + 0.5 * i + (i % 2 === 0 ? 1 : -1));
    let state = EMPTY_LEVEL;
    for (const x of values) state = scoreValue(state, x).next;
    const forecast = (state.level as number) + state.slope;
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const centre = median(state.residuals);
    const scale = median(state.residuals.map((r) => Math.abs(r - centre))) / 0.6745;
    const { score, flagged } = scoreValue({ ...state, recent: [], steps: 0 }, forecast + 40);
    expect(score).toBeCloseTo((40 - centre) / scale, 9);
    expect(flagged).toBe(true);
    // The steps of the recent values set a floor under the scale: their mean absolute size.
    const floor = SCALE_FLOOR * (60 / 2);
    expect(floor).toBeGreaterThan(scale);
    expect(scoreValue({ ...state, recent: [0, 30, 0], steps: 60 }, forecast + 40).score).toBeCloseTo((40 - centre) / floor, 9);
  });

  it("raises no alarm at the regular resets of a sawtooth, and still flags a spike on it", () => {
    const sawtooth = Array.from({ length: 300 }, (_, i) => 180 + (i % 10) * 4);
    expect(scoreSequence(sawtooth).filter(({ flagged }) => flagged)).toEqual([]);
    const spiked = [...sawtooth.slice(0, 60), 4_870];
    expect(scoreSequence(spiked).flatMap(({ flagged }, i) => (flagged ? [i] : []))).toEqual([60]);
  });

  it("keeps a flagged value from dragging the level: the next ordinary value is not flagged", () => {
    const normal = normals(5);
    const values = Array.from({ length: 300 }, () => 50 + normal());
    values[200] = 500;
    const scores = scoreSequence(values);
    expect(scores.flatMap(({ flagged }, i) => (flagged ? [i] : []))).toEqual([200]);
  });

  it("flags any change of a flat series with a null score, and not its repetition", () => {
    const scores = scoreSequence([...Array.from({ length: 25 }, () => 7), 7, 7.5]);
    expect(scores[25]).toEqual({ flagged: false, score: 0 });
    expect(scores[26]).toEqual({ flagged: true, score: null });
  });

  // Issue 37: scored against the raw last 100 values, this sine caught 2 of 3 spikes with 7 false alarms.
  it("finds 15σ spikes on a noisy sine (sd 1, amplitude 10, period 600) with precision and recall >= 0.9", () => {
    const result = accuracy((seed, spikes) => {
      const normal = normals(seed);
      return Array.from({ length: 3_000 }, (_, i) => sine(i) + normal() + (spikes.has(i) ? 15 : 0));
    });
    expect(result.precision).toBeGreaterThanOrEqual(0.9);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
  });

  it("finds ±15σ spikes on a random walk (steps of sd 1) with precision and recall >= 0.9", () => {
    const result = accuracy((seed, spikes) => {
      const normal = normals(seed);
      let walk = 0;
      return Array.from({ length: 3_000 }, (_, i) => {
        walk += normal();
        return walk + (spikes.has(i) ? (i % 2 === 0 ? 15 : -15) : 0);
      });
    });
    expect(result.precision).toBeGreaterThanOrEqual(0.9);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
  });

  it("raises no alarm on a smooth sine without noise, turning points included", () => {
    const scores = scoreSequence(Array.from({ length: 3_000 }, (_, i) => sine(i)));
    expect(scores.filter(({ flagged }) => flagged)).toEqual([]);
    expect(Math.max(...scores.map(({ score }) => Math.abs(score ?? Infinity)))).toBeLessThan(3);
  });
});
