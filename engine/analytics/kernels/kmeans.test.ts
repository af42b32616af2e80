import { describe, expect, it } from "vitest";
import { KernelInputError } from "./errors.js";
import { kmeans } from "./kmeans.js";
import { mulberry32 } from "./numeric.js";

const centres = [
  [0, 0],
  [10, 10],
  [-10, 10],
];

/** 30 points per blob, blob by blob, each within ±1 of its centre. */
function blobs(seed: number): { points: number[][]; truth: number[] } {
  const random = mulberry32(seed);
  const points: number[][] = [];
  const truth: number[] = [];
  centres.forEach((centre, blob) => {
    for (let i = 0; i < 30; i++) {
      points.push(centre.map((value) => value + (random() - 0.5) * 2));
      truth.push(blob);
    }
  });
  return { points, truth };
}

describe("kmeans", () => {
  it("recovers well-separated blobs for every seed", () => {
    const { points, truth } = blobs(1);
    for (let seed = 0; seed < 25; seed++) {
      const result = kmeans(points, 3, { seed, restarts: 1 });
      expect(result.assignments).toEqual(truth);
      result.centroids.forEach((centroid, cluster) => {
        centroid.forEach((value, d) => expect(Math.abs(value - (centres[cluster]?.[d] as number))).toBeLessThan(0.5));
      });
    }
  });

  it("is deterministic for a fixed seed", () => {
    const random = mulberry32(2);
    const points = Array.from({ length: 200 }, () => [random(), random(), random()]);
    const first = kmeans(points, 4, { seed: 7 });
    expect(kmeans(points, 4, { seed: 7 })).toEqual(first);
  });

  it("keeps the lowest inertia over restarts and reports it exactly", () => {
    const random = mulberry32(8);
    const points = Array.from({ length: 150 }, () => [random() * 10, random() * 10]);
    const single = kmeans(points, 5, { seed: 3, restarts: 1 });
    const many = kmeans(points, 5, { seed: 3, restarts: 10 });
    expect(many.inertia).toBeLessThanOrEqual(single.inertia);
    const recomputed = points.reduce((total, point, i) => {
      const centroid = many.centroids[many.assignments[i] as number] as number[];
      return total + point.reduce((sum, value, d) => sum + (value - (centroid[d] as number)) ** 2, 0);
    }, 0);
    expect(many.inertia).toBeCloseTo(recomputed, 9);
  });

  it("puts every point in one cluster at the mean when k = 1", () => {
    const result = kmeans([[1, 2], [3, 4], [5, 0]], 1);
    expect(result.assignments).toEqual([0, 0, 0]);
    expect(result.centroids[0]?.[0]).toBeCloseTo(3, 12);
    expect(result.centroids[0]?.[1]).toBeCloseTo(2, 12);
  });

  it("gives one cluster per point with zero inertia when k equals the number of points", () => {
    const result = kmeans([[0], [5], [9], [20]], 4, { seed: 1 });
    expect(result.assignments).toEqual([0, 1, 2, 3]);
    expect(result.inertia).toBe(0);
  });

  it("copes with duplicate points when clusters would be empty", () => {
    const points = [[1, 1], [1, 1], [1, 1], [1, 1], [4, 4], [4, 4]];
    const result = kmeans(points, 3, { seed: 5 });
    expect(result.inertia).toBe(0);
    expect(result.assignments[0]).toBe(0);
    expect(new Set(result.assignments.slice(0, 4)).size).toBe(1);
    expect(result.assignments[4]).toBe(result.assignments[5]);
    expect(result.assignments[4]).not.toBe(0);
  });

  it("rejects bad input", () => {
    expect(() => kmeans([], 1)).toThrow(KernelInputError);
    expect(() => kmeans([[1], [2]], 3)).toThrow(KernelInputError);
    expect(() => kmeans([[1], [2]], 0)).toThrow(KernelInputError);
    expect(() => kmeans([[1, 2], [3]], 1)).toThrow(KernelInputError);
    expect(() => kmeans([[1], [NaN]], 1)).toThrow(KernelInputError);
    expect(() => kmeans([[1], [2]], 1, { restarts: 0 })).toThrow(KernelInputError);
  });
});
