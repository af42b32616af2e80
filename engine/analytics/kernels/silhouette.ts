/**
 * Silhouette widths (Rousseeuw 1987) with Euclidean distances, as R's cluster::silhouette:
 * s(i) = (b(i) − a(i)) / max(a(i), b(i)), a(i) the mean distance from point i to the other points
 * of its cluster, b(i) the smallest mean distance to the points of another cluster; 0 for a point
 * alone in its cluster. O(n²) distances: callers pass a sample of at most a few thousand points.
 */
import { KernelInputError } from "./errors.js";
import { mean } from "./numeric.js";

export function silhouetteWidths(points: number[][], assignments: number[], k: number): number[] {
  if (points.length !== assignments.length) throw new KernelInputError("points and assignments must have the same length");
  const n = points.length;
  const sizes = new Array<number>(k).fill(0);
  for (const cluster of assignments) sizes[cluster] = (sizes[cluster] ?? 0) + 1;
  const totals = new Float64Array(k);
  return points.map((point, i) => {
    totals.fill(0);
    for (let j = 0; j < n; j += 1) {
      if (j === i) continue;
      const cluster = assignments[j] as number;
      totals[cluster] = (totals[cluster] as number) + euclidean(point, points[j] as number[]);
    }
    const own = assignments[i] as number;
    const ownSize = sizes[own] as number;
    if (ownSize <= 1) return 0;
    const a = (totals[own] as number) / (ownSize - 1);
    let b = Infinity;
    for (let cluster = 0; cluster < k; cluster += 1) {
      const size = sizes[cluster] as number;
      if (cluster !== own && size > 0) b = Math.min(b, (totals[cluster] as number) / size);
    }
    if (!Number.isFinite(b)) return 0;
    const larger = Math.max(a, b);
    return larger === 0 ? 0 : (b - a) / larger;
  });
}

/** The mean silhouette width of a clustering (R's summary(silhouette(...))$avg.width). */
export function meanSilhouette(points: number[][], assignments: number[], k: number): number {
  return mean(silhouetteWidths(points, assignments, k));
}

function euclidean(x: number[], y: number[]): number {
  let total = 0;
  for (let d = 0; d < x.length; d += 1) {
    const difference = (x[d] as number) - (y[d] as number);
    total += difference * difference;
  }
  return Math.sqrt(total);
}
