import { beforeAll, describe, expect, it } from "vitest";
import { numbers, rTimeSeries, runR } from "../../../testing/r-reference.js";
import { DEFAULT_ANOMALY_THRESHOLD, decompose, detectAnomalies, isMultiplicative } from "./anomalies.js";
import { KernelInputError } from "./errors.js";
import { mulberry32 } from "./numeric.js";

/** A standard normal draw from a seeded uniform stream (Box–Muller). */
const normalFrom = (random: () => number) => () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const WEEK = [10, 12, 14, 13, 11, -25, -35];

/** level + slope·i + WEEK[i mod 7] + normal noise of the given sd (seeded). */
function dailySeries(length: number, noise: number, seed: number): number[] {
  const normal = normalFrom(mulberry32(seed));
  return Array.from({ length }, (_, i) => 200 + 0.3 * i + (WEEK[i % 7] as number) + noise * normal());
}

const flagged = (values: number[], period: number | null) => detectAnomalies(values, period).anomalies.map(({ index }) => index);

describe("decompose", () => {
  it("recovers a linear trend and a zero-sum weekly pattern", () => {
    const values = dailySeries(56, 0, 1);
    const { trend, seasonal, remainder } = decompose(values, 7);
    trend.forEach((level, i) => expect(level).toBeCloseTo(200 + 0.3 * i, 6));
    seasonal.forEach((value, i) => expect(value).toBeCloseTo(WEEK[i % 7] as number, 6)); // WEEK sums to 0
    remainder.forEach((value) => expect(value).toBeCloseTo(0, 4));
  });

  it("fits the ends like the middle and sets a spike aside, even the newest", () => {
    const values = dailySeries(84, 1, 3);
    values[83] = (values[83] as number) + 40;
    const { trend, deleted, weights } = decompose(values, 7);
    expect(Math.abs((trend[83] as number) - (200 + 0.3 * 83))).toBeLessThan(2);
    expect(weights[83]).toBe(0);
    expect(deleted[83]).toBeGreaterThan(35);
  });

  it("rejects too short series and bad periods", () => {
    expect(() => decompose([1, 2, 3, 4, 5, 6, 7], 4)).toThrow(KernelInputError);
    expect(() => decompose([1, 2, 3, 4, 5, 6], null)).toThrow(KernelInputError);
    expect(() => decompose(dailySeries(20, 0, 1), 2.5)).toThrow(KernelInputError);
    expect(() => decompose([1, 2, 3, 4, 5, 6, NaN], null)).toThrow(KernelInputError);
  });
});

describe("detectAnomalies", () => {
  it("scores every point, the newest included, and flags those over the threshold", () => {
    const values = dailySeries(84, 1.5, 9);
    values[40] = (values[40] as number) + 30;
    const detection = detectAnomalies(values, 7);
    expect(detection).toMatchObject({ method: "robust_stl", threshold: DEFAULT_ANOMALY_THRESHOLD });
    expect(detection.scores).toHaveLength(84);
    expect(detection.anomalies.map(({ index }) => index)).toEqual([40]);
    const [spike] = detection.anomalies;
    expect(spike?.score).toBe(detection.scores[40]);
    expect(spike?.value).toBe(values[40]);
    expect(spike?.expected).toBeCloseTo(200 + 0.3 * 40 + (WEEK[40 % 7] as number), -1);
  });

  // Issue 37: the last half-season was never scored; a spike there was missed and others flagged.
  it.each([1, 2, 3, 4])("finds a +100 spike %i from the end and nothing else", (fromEnd) => {
    const values = dailySeries(120, 1.5, 21);
    const at = values.length - fromEnd;
    values[at] = (values[at] as number) + 100;
    expect(flagged(values, 7)).toEqual([at]);
  });

  it("finds a dip as a negative score, and the first point like any other", () => {
    const values = dailySeries(84, 1.5, 9);
    values[0] = (values[0] as number) - 30;
    const detection = detectAnomalies(values, 7);
    expect(detection.anomalies.map(({ index }) => index)).toEqual([0]);
    expect(detection.scores[0]).toBeLessThan(-DEFAULT_ANOMALY_THRESHOLD);
  });

  it("finds a spike without a period, not its neighbours", () => {
    const normal = normalFrom(mulberry32(4));
    const values = Array.from({ length: 60 }, (_, i) => 100 + 0.5 * i + normal());
    values[30] = (values[30] as number) + 20;
    values[59] = (values[59] as number) - 20;
    const detection = detectAnomalies(values, null);
    expect(detection.method).toBe("robust_loess");
    expect(detection.anomalies.map(({ index }) => index)).toEqual([30, 59]);
  });

  it("flags nothing in an exactly periodic series (every score 0)", () => {
    const detection = detectAnomalies(dailySeries(56, 0, 1), 7);
    expect(detection.anomalies).toEqual([]);
    expect(Math.max(...detection.scores.map(Math.abs))).toBeLessThan(1e-3);
  });

  it("respects the threshold", () => {
    const values = dailySeries(84, 1.5, 9);
    values[40] = (values[40] as number) + 30;
    expect(detectAnomalies(values, 7, 1000).anomalies).toEqual([]);
    expect(() => detectAnomalies(values, 7, 0)).toThrow(KernelInputError);
  });

  it("decomposes on the log scale when the season grows with the level", () => {
    const growing = Array.from({ length: 96 }, (_, i) => 100 * 1.02 ** i * (1 + 0.2 * Math.sin((2 * Math.PI * i) / 12)));
    const constant = Array.from({ length: 96 }, (_, i) => 100 + 2 * i + 20 * Math.sin((2 * Math.PI * i) / 12));
    expect(isMultiplicative(growing, 12)).toBe(true);
    expect(isMultiplicative(constant, 12)).toBe(false);
    expect(isMultiplicative(growing.map((v) => v - 150), 12)).toBe(false); // not all positive
    expect(isMultiplicative(growing, null)).toBe(false);
    const spiked = [...growing];
    spiked[95] = (spiked[95] as number) * 1.3;
    const detection = detectAnomalies(spiked, 12);
    expect(detection.method).toBe("robust_stl_log");
    expect(detection.anomalies.map(({ index }) => index)).toEqual([95]);
    expect(detection.anomalies[0]?.expected).toBeCloseTo(growing[95] as number, -1);
  });
});

/**
 * Accuracy on R's series (testing/r-reference.ts), as they are and with injected spikes. A
 * spike's size is k residual σ, σ being the sd of the remainder of R's stl(y, "periodic") with
 * y = log(x) for AirPassengers (multiplicative: spikes multiply by exp(±kσ)) and y = x for nottem
 * and co2 (spikes add ±kσ); for the synthetic daily series σ is its noise sd. Each trial puts 3
 * spikes of random sign at random positions, the newest point being one of them every 4th trial.
 */
interface Case {
  name: string;
  values: (trial: number) => number[];
  period: number;
  log: boolean;
  sigma: number;
}

function spikeAccuracy(series: Case, k: number, trials: number) {
  const random = mulberry32(42);
  let found = 0;
  let missed = 0;
  let false_ = 0;
  for (let trial = 0; trial < trials; trial++) {
    const values = series.values(trial);
    const positions = new Set<number>(trial % 4 === 0 ? [values.length - 1] : []);
    while (positions.size < 3) positions.add(Math.floor(random() * values.length));
    for (const at of positions) {
      const size = k * series.sigma * (random() < 0.5 ? -1 : 1);
      values[at] = series.log ? (values[at] as number) * Math.exp(size) : (values[at] as number) + size;
    }
    const hits = new Set(flagged(values, series.period));
    for (const at of positions) if (hits.has(at)) found++;
    else missed++;
    for (const at of hits) if (!positions.has(at)) false_++;
  }
  return { precision: found / (found + false_), recall: found / (found + missed) };
}

describe("accuracy on R's data sets", () => {
  const cases: Case[] = [];
  beforeAll(async () => {
    for (const [name, log] of [["AirPassengers", true], ["nottem", false], ["co2", false]] as const) {
      const series = await rTimeSeries(name);
      const reference = await runR(`y <- ${log ? "log(" : "("}${name}); emit("sd", sd(stl(y, "periodic")$time.series[, "remainder"]))`);
      const [sigma = NaN] = numbers(reference, "sd");
      cases.push({ name, values: () => [...series.values], period: 12, log, sigma });
    }
    cases.push({ name: "daily", values: (trial) => dailySeries(180, 3, 100 + trial), period: 7, log: false, sigma: 3 });
  }, 60_000);

  const named = (name: string) => cases.find((c) => c.name === name) as Case;

  it("chooses the log scale for AirPassengers only", () => {
    expect(cases.map((c) => detectAnomalies(c.values(0), c.period).method)).toEqual(["robust_stl_log", "robust_stl", "robust_stl", "robust_stl"]);
  });

  it.each(["AirPassengers", "nottem", "co2"])("flags nothing in %s as it is", (name) => {
    expect(flagged(named(name).values(0), 12)).toEqual([]);
  });

  // Decision 0023: recall >= 0.9 needs a spike about 1.3 σ above the threshold of 4; 6.5 σ is the
  // smallest on the half-σ grid at which all four series reach it (nottem 0.89 at 6 σ).
  it.each(["AirPassengers", "nottem", "co2", "daily"])("finds spikes of 6.5 residual σ in %s with precision and recall >= 0.9", (name) => {
    const { precision, recall } = spikeAccuracy(named(name), 6.5, 40);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it.each(["AirPassengers", "nottem", "co2", "daily"])("keeps precision >= 0.9 on spikes of 4 residual σ in %s", (name) => {
    const { precision, recall } = spikeAccuracy(named(name), 4, 40);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    // Measured: recall 0.75 (AirPassengers), 0.44 (nottem), 0.57 (co2), 0.42 (daily). A 4σ spike on a
    // point whose own noise pulls it back falls under a threshold that lets these series pass untouched:
    // at a threshold of 4 it is found with probability about Φ(4 − 4) = 0.5 (decision 0023).
    expect(recall).toBeGreaterThanOrEqual(0.35);
  }, 60_000);
});
