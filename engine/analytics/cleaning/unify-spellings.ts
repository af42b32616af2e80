import type { CleanOptions } from "../../../core/contracts/analytics.js";
import type { CleanReport, WorkingRow } from "./clean-report.js";
import { CLUSTER_METHODS, clusterKeys, type ClusterMethod } from "./key-clustering.js";

/**
 * String normalisation and key clustering over a column's text: whitespace, case variants, and
 * clusters of spellings, each change in the report. Merges that may change meaning are only
 * suggested unless apply_clusters asks for them.
 */

export function normaliseWhitespace(rows: WorkingRow[], columns: string[], report: CleanReport): void {
  for (const row of rows) {
    for (const name of columns) {
      const value = row.values[name];
      if (typeof value !== "string") continue;
      const tidy = value.trim().replace(/\s+/g, " ");
      if (tidy === value) continue;
      row.values[name] = tidy;
      report.change(row.index, name, "normalise_whitespace", value, tidy, "surrounding or repeated whitespace removed");
    }
  }
}

/** Spellings that differ only in case become the most frequent of them. */
export function unifyCase(rows: WorkingRow[], name: string, report: CleanReport): void {
  const counts = countStrings(rows, name);
  const best = new Map<string, string>();
  for (const [value, count] of counts) {
    const key = value.toLowerCase();
    const current = best.get(key);
    if (current === undefined || count > (counts.get(current) ?? 0)) best.set(key, value);
  }
  for (const row of rows) {
    const value = row.values[name];
    if (typeof value !== "string") continue;
    const target = best.get(value.toLowerCase());
    if (target !== undefined && target !== value) {
      row.values[name] = target;
      report.change(row.index, name, "normalise_case", value, target, `case variant of the more frequent "${target}"`);
    }
  }
}

const APPLIED_METHODS: Record<CleanOptions["apply_clusters"], readonly ClusterMethod[]> = {
  none: [],
  fingerprint: ["fingerprint"],
  all: CLUSTER_METHODS,
};

/**
 * Each cell becomes the canonical spelling of its cluster by the applied methods (merge_cluster);
 * when clustering by every method would take it further, that is a suggest_merge entry.
 */
export function mergeClusters(rows: WorkingRow[], name: string, apply: CleanOptions["apply_clusters"], report: CleanReport): void {
  const counts = countStrings(rows, name);
  const proposed = clusterKeys(counts);
  const applied = apply === "all" ? proposed : clusterKeys(counts, APPLIED_METHODS[apply]);
  if (proposed.size === 0) return;
  for (const row of rows) {
    const value = row.values[name];
    if (typeof value !== "string") continue;
    const merge = applied.get(value);
    const current = merge?.canonical ?? value;
    if (merge) {
      row.values[name] = current;
      report.change(row.index, name, "merge_cluster", value, current, `same key as "${current}" (${merge.method})`);
    }
    const suggestion = proposed.get(value);
    if (suggestion && suggestion.canonical !== current) {
      report.add({
        row: row.index,
        column: name,
        action: "suggest_merge",
        before: current,
        after: current,
        suggestion: suggestion.canonical,
        reason: `may be "${suggestion.canonical}" (${suggestion.method}); not applied: apply_clusters is "${apply}"`,
      });
    }
  }
}

function countStrings(rows: WorkingRow[], name: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = row.values[name];
    if (typeof value === "string") counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}
