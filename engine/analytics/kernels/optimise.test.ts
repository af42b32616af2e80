import { describe, expect, it } from "vitest";
import { minimiseBounded } from "./optimise.js";

describe("minimiseBounded", () => {
  it("finds the minimum of the Rosenbrock function inside the box", () => {
    const rosenbrock = ([x = 0, y = 0]: number[]) => 100 * (y - x * x) ** 2 + (1 - x) ** 2;
    const found = minimiseBounded(rosenbrock, [[-1, 2]], { lower: [-2, -2], upper: [2, 3] });
    expect(found.x[0]).toBeCloseTo(1, 4);
    expect(found.x[1]).toBeCloseTo(1, 4);
    expect(found.value).toBeLessThan(1e-8);
  });

  it("stops on the bound when the unconstrained minimum lies outside the box", () => {
    const bowl = ([x = 0, y = 0, z = 0]: number[]) => (x - 2) ** 2 + (y - 0.25) ** 2 + (z + 1) ** 2;
    const found = minimiseBounded(bowl, [[0.3, 0.1, 0.1]], { lower: [0, 0, 0], upper: [1, 1, 1] });
    expect(found.x[0]).toBe(1);
    expect(found.x[1]).toBeCloseTo(0.25, 5);
    expect(found.x[2]).toBe(0);
  });

  it("keeps the best of several starts when the function has two basins", () => {
    // Local minimum near x = 0.1 (value 0.5), global minimum at x = 0.9 (value 0).
    const twoBasins = ([x = 0]: number[]) => Math.min(0.5 + 50 * (x - 0.1) ** 2, 50 * (x - 0.9) ** 2);
    const local = minimiseBounded(twoBasins, [[0.05]], { lower: [0], upper: [1] });
    expect(local.x[0]).toBeCloseTo(0.1, 4);
    const best = minimiseBounded(twoBasins, [[0.05], [0.8]], { lower: [0], upper: [1] });
    expect(best.x[0]).toBeCloseTo(0.9, 4);
    expect(best.value).toBeCloseTo(0, 8);
  });

  it("treats non-finite objective values as worse than any finite one", () => {
    const guarded = ([x = 0]: number[]) => (x < 0.2 ? Number.NaN : (x - 0.5) ** 2);
    const found = minimiseBounded(guarded, [[0.3]], { lower: [0], upper: [1] });
    expect(found.x[0]).toBeCloseTo(0.5, 4);
  });

  it("screens several starts and runs the best to full precision, with fewer evaluations than running each", () => {
    const twoBasins = ([x = 0, y = 0]: number[]) => Math.min(0.5 + 50 * (x - 0.1) ** 2, 50 * (x - 0.9) ** 2) + (y - 0.3) ** 2;
    const box = { lower: [0, 0], upper: [1, 1], tolerance: 1e-12 };
    const separately = [[0.05, 0.5], [0.8, 0.5], [0.5, 0.9]].map((start) => minimiseBounded(twoBasins, [start], box));
    const screened = minimiseBounded(twoBasins, [[0.05, 0.5], [0.8, 0.5], [0.5, 0.9]], box);
    expect(screened.x[0]).toBeCloseTo(0.9, 5);
    expect(screened.x[1]).toBeCloseTo(0.3, 5);
    expect(screened.evaluations).toBeLessThan(separately.reduce((sum, run) => sum + run.evaluations, 0));
  });

  it("starts from a smaller simplex when asked and still converges", () => {
    const bowl = ([x = 0, y = 0]: number[]) => (x - 0.41) ** 2 + (y - 0.62) ** 2;
    const box = { lower: [0, 0], upper: [1, 1], tolerance: 1e-12 };
    const wide = minimiseBounded(bowl, [[0.4, 0.6]], box);
    const near = minimiseBounded(bowl, [[0.4, 0.6]], { ...box, initialStep: 0.01 });
    expect(near.x[0]).toBeCloseTo(0.41, 5);
    expect(near.x[1]).toBeCloseTo(0.62, 5);
    expect(near.evaluations).toBeLessThan(wide.evaluations);
  });
});
