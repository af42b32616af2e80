/**
 * Choosing the number of clusters: k-means for every k = 2..min(10, n − 1) on a seeded sample of
 * at most SILHOUETTE_SAMPLE points, keeping the k with the highest mean silhouette width (the
 * smaller k on a tie). The sample bounds the O(n²) silhouette and the k-means runs per k; the
 * caller clusters all points with the chosen k.
 */
import { KernelInputError } from "./errors.js";
import { kmeans } from "./kmeans.js";
import { mulberry32 } from "./numeric.js";
import { meanSilhouette } from "./silhouette.js";

export const SILHOUETTE_SAMPLE = 2000;
const MAX_CHOSEN_K = 10;

export interface ClusterCount {
  k: number;
  /** Mean silhouette width of the chosen k on the sample. */
  silhouette: number;
}

/** Picks k by the mean silhouette width; needs at least 3 points (k = 2 and a point to spare). */
export function chooseClusterCount(points: number[][], seed: number): ClusterCount {
  if (points.length < 3) throw new KernelInputError("choosing k needs at least 3 points");
  const sample = sampleOf(points, SILHOUETTE_SAMPLE, seed);
  let best: ClusterCount | null = null;
  for (let k = 2; k <= Math.min(MAX_CHOSEN_K, sample.length - 1); k += 1) {
    const silhouette = meanSilhouette(sample, kmeans(sample, k, { seed }).assignments, k);
    if (best === null || silhouette > best.silhouette) best = { k, silhouette };
  }
  return best as ClusterCount;
}

/** At most `size` of the points, chosen uniformly without replacement (seeded partial Fisher–Yates), in their original order. */
export function sampleOf<T>(points: T[], size: number, seed: number): T[] {
  if (points.length <= size) return points;
  const random = mulberry32(seed);
  const indices = Array.from(points.keys());
  for (let i = 0; i < size; i += 1) {
    const j = i + Math.floor(random() * (indices.length - i));
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  return indices
    .slice(0, size)
    .sort((a, b) => a - b)
    .map((index) => points[index] as T);
}
