import { describe, expect, it } from "vitest";
import { numbers, rDataFrame, runR } from "../../../testing/r-reference.js";
import { chooseClusterCount } from "./cluster-count.js";
import { KernelInputError } from "./errors.js";
import { kmeans } from "./kmeans.js";
import { meanSilhouette, silhouetteWidths } from "./silhouette.js";

describe("silhouetteWidths", () => {
  it("computes (b - a) / max(a, b) by hand on a line, 0 for a point alone in its cluster", () => {
    const points = [[0], [1], [5], [6], [20]];
    const widths = silhouetteWidths(points, [0, 0, 1, 1, 2], 3);
    // Point 0: a = 1, b = min(mean(5, 6), 20) = 5.5.
    expect(widths[0]).toBeCloseTo((5.5 - 1) / 5.5, 12);
    // Point 2: a = 1, b = min(mean(5, 4), 15) = 4.5.
    expect(widths[2]).toBeCloseTo((4.5 - 1) / 4.5, 12);
    expect(widths[4]).toBe(0);
  });

  it("matches R's cluster::silhouette on iris for the k-means clustering of every k from 2 to 6", async () => {
    const iris = await rDataFrame("iris");
    const columns = ["Sepal.Length", "Sepal.Width", "Petal.Length", "Petal.Width"].map((name) => numbers(iris, name));
    const points = (columns[0] as number[]).map((_, row) => columns.map((column) => column[row] as number));
    const clusterings = [2, 3, 4, 5, 6].map((k) => ({ k, assignments: kmeans(points, k, { seed: 42 }).assignments }));
    const reference = await runR(`
      library(cluster); d <- dist(as.matrix(iris[, 1:4]))
      ${clusterings.map(({ k, assignments }) => `emit("k${k}", silhouette(c(${assignments.map((cluster) => cluster + 1).join(",")}), d)[, "sil_width"])`).join("\n")}`);
    for (const { k, assignments } of clusterings) {
      const expected = numbers(reference, `k${k}`);
      silhouetteWidths(points, assignments, k).forEach((width, i) => expect(Math.abs(width - (expected[i] as number))).toBeLessThan(1e-6));
    }
  }, 60_000);
});

describe("chooseClusterCount", () => {
  /** `count` blobs of 40 points each, centres 20 apart on a circle, each point within ±1 of its centre. */
  function blobs(count: number, seed: number): number[][] {
    const random = (() => {
      let state = seed;
      return () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    })();
    return Array.from({ length: count * 40 }, (_, i) => {
      const angle = (2 * Math.PI * Math.floor(i / 40)) / count;
      return [20 * Math.cos(angle) + (random() - 0.5) * 2, 20 * Math.sin(angle) + (random() - 0.5) * 2];
    });
  }

  it.each([2, 3, 5, 7])("finds %i well-separated blobs", (count) => {
    const chosen = chooseClusterCount(blobs(count, count), 42);
    expect(chosen.k).toBe(count);
    expect(chosen.silhouette).toBeGreaterThan(0.8);
  });

  it("reports the silhouette of the k it chose, the highest of k = 2..10", () => {
    const points = blobs(5, 11);
    const chosen = chooseClusterCount(points, 42);
    for (let k = 2; k <= 10; k += 1) {
      expect(meanSilhouette(points, kmeans(points, k, { seed: 42 }).assignments, k)).toBeLessThanOrEqual(chosen.silhouette);
    }
  });

  it("chooses 2 or 3 clusters for iris (standardised), as its two well-separated groups suggest", async () => {
    const iris = await rDataFrame("iris");
    const columns = ["Sepal.Length", "Sepal.Width", "Petal.Length", "Petal.Width"].map((name) => {
      const values = numbers(iris, name);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const sd = Math.sqrt(values.reduce((total, value) => total + (value - mean) ** 2, 0) / (values.length - 1));
      return values.map((value) => (value - mean) / sd);
    });
    const points = (columns[0] as number[]).map((_, row) => columns.map((column) => column[row] as number));
    const chosen = chooseClusterCount(points, 42);
    expect([2, 3]).toContain(chosen.k);
    expect(chosen.silhouette).toBeGreaterThan(0.45);
  }, 60_000);

  it("needs at least three points", () => {
    expect(() => chooseClusterCount([[1], [2]], 42)).toThrow(KernelInputError);
  });
});
