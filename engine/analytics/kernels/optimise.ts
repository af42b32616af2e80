/**
 * Bounded minimisation for the smoothing parameters: Nelder–Mead with every trial point
 * projected onto the box [lower, upper], restarted from its own optimum until a restart no
 * longer improves (a projected simplex can collapse onto a face before it has converged),
 * and run from several starting points keeping the best. Derivative-free, deterministic.
 */
export interface BoundedMinimum {
  x: number[];
  value: number;
  evaluations: number;
}

export interface MinimiseOptions {
  lower: number[];
  upper: number[];
  /** Stop a run when the simplex values and vertices agree to within this. */
  tolerance?: number;
  /** Evaluation budget of one Nelder–Mead run. */
  maxEvaluations?: number;
  /** Restarts from the best point of the previous run. */
  maxRestarts?: number;
  /** Size of the first simplex's edges as a share of each range (0.1 unless given): smaller for a start known to be near the minimum. */
  initialStep?: number;
}

const REFLECT = 1;
const EXPAND = 2;
const CONTRACT = 0.5;
const SHRINK = 0.5;

/** Relative tolerance of the screening run from each start when there are several: enough to tell their basins apart. */
const SCREENING_TOLERANCE = 1e-4;

/**
 * Minimises `objective` from each start and returns the best point found. Several starts are
 * screened first (one coarse run each) and only the most promising one is run to `tolerance`:
 * running every start in full spent most of a fit's evaluations on starts that lose. The full run
 * is the one an unscreened search would make from that start, so the answer is the same whenever
 * the screening ranks the starts as their full runs would.
 */
export function minimiseBounded(
  objective: (x: number[]) => number,
  starts: number[][],
  options: MinimiseOptions,
): BoundedMinimum {
  let chosen: { start: number[]; value: number } | null = null;
  let evaluations = 0;
  for (const start of starts.length > 1 ? starts : []) {
    const screened = nelderMead(objective, project(start, options), { ...options, tolerance: SCREENING_TOLERANCE });
    evaluations += screened.evaluations;
    if (chosen === null || screened.value < chosen.value) chosen = { start, value: screened.value };
  }
  const start = chosen?.start ?? starts[0];
  if (start === undefined) throw new Error("minimiseBounded needs at least one start");
  const found = minimiseWithRestarts(objective, start, options);
  return { ...found, evaluations: evaluations + found.evaluations };
}

function minimiseWithRestarts(
  objective: (x: number[]) => number,
  start: number[],
  options: MinimiseOptions,
): BoundedMinimum {
  const tolerance = options.tolerance ?? 1e-10;
  let current = nelderMead(objective, project(start, options), options);
  let evaluations = current.evaluations;
  for (let restart = 0; restart < (options.maxRestarts ?? 8); restart += 1) {
    const next = nelderMead(objective, current.x, options);
    evaluations += next.evaluations;
    const improved = current.value - next.value > tolerance * (Math.abs(current.value) + tolerance);
    if (next.value < current.value) current = next;
    if (!improved) break;
  }
  return { ...current, evaluations };
}

interface Vertex {
  x: number[];
  value: number;
}

function nelderMead(
  objective: (x: number[]) => number,
  start: number[],
  options: MinimiseOptions,
): BoundedMinimum {
  const tolerance = options.tolerance ?? 1e-10;
  const maxEvaluations = options.maxEvaluations ?? 2000;
  let evaluations = 0;
  const evaluate = (x: number[]): Vertex => {
    evaluations += 1;
    const value = objective(x);
    return { x, value: Number.isFinite(value) ? value : Number.POSITIVE_INFINITY };
  };

  const simplex: Vertex[] = [evaluate(start)];
  for (let i = 0; i < start.length; i += 1) {
    simplex.push(evaluate(project(initialVertex(start, i, options), options)));
  }

  while (evaluations < maxEvaluations) {
    simplex.sort((a, b) => a.value - b.value);
    const bestVertex = at(simplex, 0);
    const worst = at(simplex, simplex.length - 1);
    const secondWorst = at(simplex, simplex.length - 2);
    if (hasConverged(simplex, tolerance)) break;

    const centroid = centroidOf(simplex.slice(0, -1));
    const reflected = evaluate(project(step(centroid, worst.x, REFLECT), options));
    if (reflected.value < bestVertex.value) {
      const expanded = evaluate(project(step(centroid, worst.x, EXPAND), options));
      simplex[simplex.length - 1] = expanded.value < reflected.value ? expanded : reflected;
      continue;
    }
    if (reflected.value < secondWorst.value) {
      simplex[simplex.length - 1] = reflected;
      continue;
    }
    const outside = reflected.value < worst.value;
    const contracted = evaluate(
      project(step(centroid, worst.x, outside ? CONTRACT : -CONTRACT), options),
    );
    if (contracted.value < (outside ? reflected.value : worst.value)) {
      simplex[simplex.length - 1] = contracted;
      continue;
    }
    for (let i = 1; i < simplex.length; i += 1) {
      const vertex = at(simplex, i);
      simplex[i] = evaluate(
        vertex.x.map((value, d) => at(bestVertex.x, d) + SHRINK * (value - at(bestVertex.x, d))),
      );
    }
  }
  simplex.sort((a, b) => a.value - b.value);
  const best = at(simplex, 0);
  return { x: best.x, value: best.value, evaluations };
}

/** A vertex initialStep (10 %) of the range away from the start along one axis, pointing into the box. */
function initialVertex(start: number[], axis: number, options: MinimiseOptions): number[] {
  const vertex = [...start];
  const lower = at(options.lower, axis);
  const upper = at(options.upper, axis);
  const delta = (options.initialStep ?? 0.1) * (upper - lower);
  const value = at(start, axis);
  vertex[axis] = value + delta <= upper ? value + delta : value - delta;
  return vertex;
}

/** centroid + coefficient * (centroid - worst). */
function step(centroid: number[], worst: number[], coefficient: number): number[] {
  return centroid.map((c, d) => c + coefficient * (c - at(worst, d)));
}

function centroidOf(vertices: Vertex[]): number[] {
  const dimension = at(vertices, 0).x.length;
  const centroid = new Array<number>(dimension).fill(0);
  for (const vertex of vertices) {
    for (let d = 0; d < dimension; d += 1) centroid[d] = at(centroid, d) + at(vertex.x, d);
  }
  return centroid.map((sum) => sum / vertices.length);
}

function hasConverged(sorted: Vertex[], tolerance: number): boolean {
  const best = at(sorted, 0);
  const worst = at(sorted, sorted.length - 1);
  const valueSpread = Math.abs(worst.value - best.value);
  if (valueSpread > tolerance * (Math.abs(best.value) + tolerance)) return false;
  return sorted.every((vertex) =>
    vertex.x.every((value, d) => Math.abs(value - at(best.x, d)) <= Math.sqrt(tolerance)),
  );
}

function project(x: number[], options: MinimiseOptions): number[] {
  return x.map((value, d) => Math.min(at(options.upper, d), Math.max(at(options.lower, d), value)));
}

function at<T>(values: readonly T[], index: number): T {
  const value = values[index];
  if (value === undefined) throw new RangeError(`index ${index} out of range`);
  return value;
}
