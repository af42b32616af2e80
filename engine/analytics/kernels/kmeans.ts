import { KernelInputError } from "./errors.js";
import { mulberry32 } from "./numeric.js";

export interface KmeansOptions {
  /** Independent k-means++ starts; the lowest inertia wins. Default 8. */
  restarts?: number;
  /** Lloyd iterations per start. Default 100. */
  maxIterations?: number;
  /** PRNG seed; the same seed and input give the same clustering. Default 42. */
  seed?: number;
}

export interface KmeansResult {
  centroids: number[][];
  /** Cluster of each point; clusters are numbered in order of first appearance (points[0] is in 0). */
  assignments: number[];
  /** Sum of squared distances from each point to its centroid. */
  inertia: number;
  iterations: number;
}

interface Run {
  centroids: Float64Array;
  assignments: Int32Array;
  inertia: number;
  iterations: number;
}

/**
 * k-means (Lloyd) with k-means++ seeding and a seeded PRNG; an empty cluster is re-seeded at the
 * point farthest from its centroid. Scale the features first: distances are plain Euclidean.
 */
export function kmeans(points: number[][], k: number, options: KmeansOptions = {}): KmeansResult {
  const { restarts = 8, maxIterations = 100, seed = 42 } = options;
  const dims = validate(points, k);
  if (!Number.isInteger(restarts) || restarts < 1) throw new KernelInputError("restarts must be a positive integer");
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new KernelInputError("maxIterations must be a positive integer");
  const data = Float64Array.from(points.flat());
  const random = mulberry32(seed);
  let best: Run | null = null;
  for (let restart = 0; restart < restarts; restart++) {
    const run = lloyd(data, points.length, dims, k, seedCentroids(data, points.length, dims, k, random), maxIterations);
    if (best === null || run.inertia < best.inertia) best = run;
  }
  return canonical(best as Run, dims, k);
}

function validate(points: number[][], k: number): number {
  if (points.length === 0) throw new KernelInputError("points must not be empty");
  const dims = (points[0] as number[]).length;
  if (dims === 0) throw new KernelInputError("points need at least one coordinate");
  points.forEach((point, i) => {
    if (point.length !== dims) throw new KernelInputError(`points[${i}] has ${point.length} coordinates, expected ${dims}`);
    if (!point.every(Number.isFinite)) throw new KernelInputError(`points[${i}] has a non-finite coordinate`);
  });
  if (!Number.isInteger(k) || k < 1 || k > points.length) {
    throw new KernelInputError(`k must be an integer between 1 and the number of points (${points.length})`);
  }
  return dims;
}

function distance2(data: Float64Array, point: number, centroids: Float64Array, cluster: number, dims: number): number {
  let total = 0;
  for (let d = 0; d < dims; d++) {
    const diff = (data[point * dims + d] as number) - (centroids[cluster * dims + d] as number);
    total += diff * diff;
  }
  return total;
}

/** k-means++: each next centre drawn with probability proportional to D², the squared distance to the nearest centre. */
function seedCentroids(data: Float64Array, n: number, dims: number, k: number, random: () => number): Float64Array {
  const centroids = new Float64Array(k * dims);
  const copyPoint = (cluster: number, point: number) =>
    centroids.set(data.subarray(point * dims, point * dims + dims), cluster * dims);
  copyPoint(0, Math.floor(random() * n));
  const nearest = new Float64Array(n).fill(Infinity);
  for (let cluster = 1; cluster < k; cluster++) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      nearest[i] = Math.min(nearest[i] as number, distance2(data, i, centroids, cluster - 1, dims));
      total += nearest[i] as number;
    }
    let chosen = Math.floor(random() * n);
    if (total > 0) {
      let target = random() * total;
      for (let i = 0; i < n; i++) {
        target -= nearest[i] as number;
        if (target < 0 || i === n - 1) {
          chosen = i;
          break;
        }
      }
    }
    copyPoint(cluster, chosen);
  }
  return centroids;
}

function lloyd(data: Float64Array, n: number, dims: number, k: number, centroids: Float64Array, maxIterations: number): Run {
  let assignments = assign(data, n, dims, k, centroids);
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    updateCentroids(data, n, dims, k, centroids, assignments);
    const next = assign(data, n, dims, k, centroids);
    const unchanged = next.every((cluster, i) => cluster === assignments[i]);
    assignments = next;
    if (unchanged) break;
  }
  let inertia = 0;
  for (let i = 0; i < n; i++) inertia += distance2(data, i, centroids, assignments[i] as number, dims);
  return { centroids, assignments, inertia, iterations };
}

function assign(data: Float64Array, n: number, dims: number, k: number, centroids: Float64Array): Int32Array {
  const assignments = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let bestCluster = 0;
    let bestDistance = Infinity;
    for (let cluster = 0; cluster < k; cluster++) {
      const d = distance2(data, i, centroids, cluster, dims);
      if (d < bestDistance) {
        bestDistance = d;
        bestCluster = cluster;
      }
    }
    assignments[i] = bestCluster;
  }
  return assignments;
}

function updateCentroids(data: Float64Array, n: number, dims: number, k: number, centroids: Float64Array, assignments: Int32Array): void {
  const sums = new Float64Array(k * dims);
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const cluster = assignments[i] as number;
    counts[cluster] = (counts[cluster] as number) + 1;
    for (let d = 0; d < dims; d++) sums[cluster * dims + d] = (sums[cluster * dims + d] as number) + (data[i * dims + d] as number);
  }
  for (let cluster = 0; cluster < k; cluster++) {
    const count = counts[cluster] as number;
    if (count === 0) continue;
    for (let d = 0; d < dims; d++) centroids[cluster * dims + d] = (sums[cluster * dims + d] as number) / count;
  }
  const reseeded = new Set<number>();
  for (let cluster = 0; cluster < k; cluster++) {
    if (counts[cluster] !== 0) continue;
    let farthest = 0;
    let farthestDistance = -1;
    for (let i = 0; i < n; i++) {
      const d = distance2(data, i, centroids, assignments[i] as number, dims);
      if (d > farthestDistance && !reseeded.has(i)) {
        farthestDistance = d;
        farthest = i;
      }
    }
    reseeded.add(farthest);
    centroids.set(data.subarray(farthest * dims, farthest * dims + dims), cluster * dims);
  }
}

/** Renumbers clusters by first appearance so equal partitions give equal output. */
function canonical(run: Run, dims: number, k: number): KmeansResult {
  const order: number[] = [];
  for (const cluster of run.assignments) if (!order.includes(cluster)) order.push(cluster);
  for (let cluster = 0; cluster < k; cluster++) if (!order.includes(cluster)) order.push(cluster);
  const label = new Map(order.map((cluster, index) => [cluster, index]));
  return {
    centroids: order.map((cluster) => Array.from(run.centroids.subarray(cluster * dims, cluster * dims + dims))),
    assignments: Array.from(run.assignments, (cluster) => label.get(cluster) as number),
    inertia: run.inertia,
    iterations: run.iterations,
  };
}
