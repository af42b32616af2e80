/**
 * OpenRefine-style key clustering: spellings of one thing ("New York", "new york ", "York, New",
 * "Nwe York") are found by three methods in turn, each over the clusters the previous one left:
 * the fingerprint key, the character n-gram fingerprint, and nearest neighbours by Levenshtein
 * distance. Every member of a cluster becomes its most frequent spelling.
 */

export type ClusterMethod = "fingerprint" | "ngram-fingerprint" | "levenshtein";

/** Lower case, accents and punctuation removed, unique tokens sorted and joined. */
export function fingerprint(text: string): string {
  const tokens = foldText(text)
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .split(/\s+/)
    .filter(Boolean);
  return [...new Set(tokens)].sort().join(" ");
}

/** Unique character n-grams of the folded text without spaces or punctuation, sorted and joined. */
export function ngramFingerprint(text: string, n = 2): string {
  const compact = foldText(text).replace(/[^\p{L}\p{N}]/gu, "");
  if (compact.length <= n) return compact;
  const grams = new Set<string>();
  for (let i = 0; i + n <= compact.length; i++) grams.add(compact.slice(i, i + n));
  return [...grams].sort().join("");
}

function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Levenshtein distance, or `max + 1` as soon as it must exceed `max`. */
export function levenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] as number;
}

export interface ClusterMerge {
  /** The spelling every member becomes. */
  canonical: string;
  method: ClusterMethod;
}

/** Nearest-neighbour clustering is quadratic: only for columns with at most this many spellings. */
const MAX_NEIGHBOUR_VALUES = 2_000;
/** Short codes ("A1", "A2") differ by one character without being the same thing. */
const MIN_NEIGHBOUR_LENGTH = 5;
const MAX_DISTANCE = 2;

interface Member {
  value: string;
  /** The method that first merged this value with another; null while it stands alone. */
  method: ClusterMethod | null;
}

type Cluster = Member[];

/**
 * Clusters the distinct values of a column (with their counts) and returns, for each value that
 * should change, its canonical spelling and the method that merged it.
 */
export function clusterKeys(counts: ReadonlyMap<string, number>): Map<string, ClusterMerge> {
  const countOf = (value: string) => counts.get(value) ?? 0;
  const canonicalOf = (cluster: Cluster) =>
    cluster.reduce((best, member) => (countOf(member.value) > countOf(best) ? member.value : best), cluster[0]?.value ?? "");

  let clusters: Cluster[] = [...counts.keys()].map((value) => [{ value, method: null }]);
  clusters = mergeByKey(clusters, (cluster) => fingerprint(canonicalOf(cluster)), "fingerprint");
  clusters = mergeByKey(clusters, (cluster) => ngramFingerprint(canonicalOf(cluster)), "ngram-fingerprint");
  if (clusters.length <= MAX_NEIGHBOUR_VALUES) clusters = mergeNeighbours(clusters, canonicalOf);

  const merges = new Map<string, ClusterMerge>();
  for (const cluster of clusters) {
    if (cluster.length < 2) continue;
    const canonical = canonicalOf(cluster);
    for (const member of cluster) if (member.value !== canonical) merges.set(member.value, { canonical, method: member.method ?? "fingerprint" });
  }
  return merges;
}

/** Joins `from` into `into`; members that stood alone until now record `method`. */
function join(into: Cluster, from: Cluster, method: ClusterMethod): void {
  for (const member of into) member.method ??= method;
  for (const member of from) into.push({ value: member.value, method: member.method ?? method });
}

function mergeByKey(clusters: Cluster[], keyOf: (cluster: Cluster) => string, method: ClusterMethod): Cluster[] {
  const byKey = new Map<string, Cluster>();
  const out: Cluster[] = [];
  for (const cluster of clusters) {
    const key = keyOf(cluster);
    const existing = key === "" ? undefined : byKey.get(key);
    if (existing) {
      join(existing, cluster, method);
      continue;
    }
    const copy = cluster.map((member) => ({ ...member }));
    if (key !== "") byKey.set(key, copy);
    out.push(copy);
  }
  return out;
}

function mergeNeighbours(clusters: Cluster[], canonicalOf: (cluster: Cluster) => string): Cluster[] {
  const parent = clusters.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  const labels = clusters.map((cluster) => foldText(canonicalOf(cluster)));
  for (let i = 0; i < clusters.length; i++) {
    const a = labels[i] as string;
    if (a.length < MIN_NEIGHBOUR_LENGTH) continue;
    for (let j = i + 1; j < clusters.length; j++) {
      const b = labels[j] as string;
      if (b.length < MIN_NEIGHBOUR_LENGTH || find(i) === find(j)) continue;
      if (levenshtein(a, b, MAX_DISTANCE) <= MAX_DISTANCE) parent[find(j)] = find(i);
    }
  }
  const roots = new Map<number, Cluster>();
  const out: Cluster[] = [];
  clusters.forEach((cluster, i) => {
    const root = find(i);
    const target = roots.get(root);
    if (target) {
      join(target, cluster, "levenshtein");
      return;
    }
    const copy = cluster.map((member) => ({ ...member }));
    roots.set(root, copy);
    out.push(copy);
  });
  return out;
}
