/**
 * OpenRefine-style key clustering: spellings of one thing ("New York", "new york ", "York, New",
 * "Nwe York") are found by three methods in turn, each over the clusters the previous one left:
 * the fingerprint key, the character n-gram fingerprint, and nearest neighbours by Levenshtein
 * distance. A member's merge names the first method that put it with its cluster's most frequent
 * spelling. Only fingerprint merges are sure to keep meaning (case, accents, whitespace,
 * punctuation, word order); the others can join different things ("Jan Smith", "John Smith").
 */

export const CLUSTER_METHODS = ["fingerprint", "ngram-fingerprint", "levenshtein"] as const;
export type ClusterMethod = (typeof CLUSTER_METHODS)[number];

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
/** A word and its negation ("active", "inactive") are close in spelling and opposite in meaning. */
const NEGATING_PREFIXES = ["in", "un", "non", "non-", "non ", "dis", "im", "ir", "il", "not "];

type Cluster = string[];

/**
 * Clusters the distinct values of a column (with their counts, in order of first appearance) by
 * the given methods, in their order, and returns for each value that should change its
 * canonical spelling and the method that joined it to that spelling.
 */
export function clusterKeys(counts: ReadonlyMap<string, number>, methods: readonly ClusterMethod[] = CLUSTER_METHODS): Map<string, ClusterMerge> {
  const canonicalOf = (cluster: Cluster) => cluster.reduce((best, value) => ((counts.get(value) ?? 0) > (counts.get(best) ?? 0) ? value : best));
  const stages: { method: ClusterMethod; clusterOf: Map<string, Cluster> }[] = [];
  let clusters: Cluster[] = [...counts.keys()].map((value) => [value]);
  for (const method of CLUSTER_METHODS) {
    if (!methods.includes(method)) continue;
    if (method === "fingerprint") clusters = mergeByKey(clusters, (cluster) => fingerprint(canonicalOf(cluster)));
    if (method === "ngram-fingerprint") clusters = mergeByKey(clusters, (cluster) => ngramFingerprint(canonicalOf(cluster)));
    if (method === "levenshtein" && clusters.length <= MAX_NEIGHBOUR_VALUES) clusters = mergeNeighbours(clusters, canonicalOf);
    stages.push({ method, clusterOf: new Map(clusters.flatMap((cluster) => cluster.map((value) => [value, cluster] as const))) });
  }

  const merges = new Map<string, ClusterMerge>();
  for (const cluster of clusters) {
    const canonical = canonicalOf(cluster);
    for (const value of cluster) {
      if (value === canonical) continue;
      const joined = stages.find((stage) => stage.clusterOf.get(value) === stage.clusterOf.get(canonical));
      if (joined) merges.set(value, { canonical, method: joined.method });
    }
  }
  return merges;
}

function mergeByKey(clusters: Cluster[], keyOf: (cluster: Cluster) => string): Cluster[] {
  const byKey = new Map<string, Cluster>();
  const out: Cluster[] = [];
  for (const cluster of clusters) {
    const key = keyOf(cluster);
    const existing = key === "" ? undefined : byKey.get(key);
    if (existing) {
      existing.push(...cluster);
      continue;
    }
    const copy = [...cluster];
    if (key !== "") byKey.set(key, copy);
    out.push(copy);
  }
  return out;
}

interface Label {
  text: string;
  numbers: string;
}

/** Close spellings, unless they differ in their numbers ("Route 66", "Route 67") or by a negation. */
function areNeighbours(a: Label, b: Label): boolean {
  if (b.text.length < MIN_NEIGHBOUR_LENGTH || a.numbers !== b.numbers) return false;
  if (NEGATING_PREFIXES.some((prefix) => a.text === prefix + b.text || b.text === prefix + a.text)) return false;
  return levenshtein(a.text, b.text, MAX_DISTANCE) <= MAX_DISTANCE;
}

function mergeNeighbours(clusters: Cluster[], canonicalOf: (cluster: Cluster) => string): Cluster[] {
  const parent = clusters.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  const labels: Label[] = clusters.map((cluster) => {
    const text = foldText(canonicalOf(cluster));
    return { text, numbers: (text.match(/\p{N}+/gu) ?? []).join(" ") };
  });
  for (let i = 0; i < clusters.length; i++) {
    const a = labels[i] as Label;
    if (a.text.length < MIN_NEIGHBOUR_LENGTH) continue;
    for (let j = i + 1; j < clusters.length; j++) {
      if (find(i) !== find(j) && areNeighbours(a, labels[j] as Label)) parent[find(j)] = find(i);
    }
  }
  const roots = new Map<number, Cluster>();
  const out: Cluster[] = [];
  clusters.forEach((cluster, i) => {
    const target = roots.get(find(i));
    if (target) {
      target.push(...cluster);
      return;
    }
    const copy = [...cluster];
    roots.set(find(i), copy);
    out.push(copy);
  });
  return out;
}
