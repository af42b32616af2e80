import type { CleanAction, CleanOptions, CleanReportEntry, CleanResult } from "../../../core/contracts/analytics.js";
import { quantileOfSorted } from "../kernels/summary.js";
import { inferColumnType, type CleanColumnType } from "./column-types.js";
import { clusterKeys } from "./key-clustering.js";
import { isNullSentinel } from "./value-parsing.js";

/**
 * The cleaning of DESIGN.md section 8, over rows held in memory, in this order: missing-value
 * sentinels and whitespace, type inference and conversion, case variants, key clustering,
 * duplicate removal, outlier flags, imputation. Every change is a report entry naming the row
 * (its position in the input), the column, the value before and after, and why; nothing is
 * dropped silently (a removed duplicate names the row kept).
 */

export type Row = Record<string, unknown>;

/** The report keeps its first entries; the summary counts all of them. */
export const MAX_REPORT_ENTRIES = 10_000;

/** A cleaning option naming a column the data does not have. */
export class CleanInputError extends Error {}

interface WorkingRow {
  index: number;
  values: Row;
}

class Report {
  readonly entries: CleanReportEntry[] = [];
  readonly counts: Record<string, number> = {};
  truncated = false;

  add(entry: CleanReportEntry): void {
    this.counts[entry.action] = (this.counts[entry.action] ?? 0) + 1;
    if (this.entries.length < MAX_REPORT_ENTRIES) this.entries.push(entry);
    else this.truncated = true;
  }

  change(row: number, column: string | null, action: CleanAction, before: unknown, after: unknown, reason: string): void {
    this.add({ row, column, action, before, after, reason });
  }
}

export function cleanRows(input: readonly Row[], options: CleanOptions): CleanResult {
  const columns = columnNamesOf(input);
  const unknown = options.cluster_keys.filter((name) => !columns.includes(name));
  if (unknown.length) throw new CleanInputError(`cluster_keys names columns the data does not have: ${unknown.join(", ")}`);

  const report = new Report();
  const rows: WorkingRow[] = input.map((values, index) => ({ index, values: { ...values } }));

  standardiseText(rows, columns, options, report);
  const types = convertTypes(rows, columns, report);
  const stringColumns = columns.filter((name) => types.get(name) === "string");
  if (options.normalise_strings) for (const name of stringColumns) unifyCase(rows, name, report);
  for (const name of options.cluster_keys) if (types.get(name) === "string") mergeClusters(rows, name, report);
  const kept = options.deduplicate ? removeDuplicates(rows, columns, report) : rows;
  const numeric = columns.filter((name) => types.get(name) === "number" || types.get(name) === "integer");
  if (options.outliers === "flag") for (const name of numeric) flagOutliers(kept, name, report);
  if (options.impute !== "none") {
    for (const name of columns) {
      const type = types.get(name) ?? "string";
      if (options.impute === "mode" ? type !== "empty" : type === "number" || type === "integer") impute(kept, name, type, options.impute, report);
    }
  }

  return {
    rows: kept.map((row) => row.values),
    columns: columns.map((name) => ({ name, type: types.get(name) ?? "empty" })),
    report: report.entries,
    report_truncated: report.truncated,
    summary: { rows_in: input.length, rows_out: kept.length, changes: report.counts },
  };
}

/** Column names in order of first appearance across the rows. */
export function columnNamesOf(rows: readonly Row[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row)) names.add(name);
  return [...names];
}

const isMissing = (value: unknown) => value === null || value === undefined;

function standardiseText(rows: WorkingRow[], columns: string[], options: CleanOptions, report: Report): void {
  for (const row of rows) {
    for (const name of columns) {
      const value = row.values[name];
      if (typeof value !== "string") continue;
      if (isNullSentinel(value)) {
        row.values[name] = null;
        report.change(row.index, name, "standardise_null", value, null, value.trim() === "" ? "empty text is a missing value" : `"${value.trim()}" means a missing value`);
        continue;
      }
      if (!options.normalise_strings) continue;
      const tidy = value.trim().replace(/\s+/g, " ");
      if (tidy !== value) {
        row.values[name] = tidy;
        report.change(row.index, name, "normalise_whitespace", value, tidy, "surrounding or repeated whitespace removed");
      }
    }
  }
}

function convertTypes(rows: WorkingRow[], columns: string[], report: Report): Map<string, CleanColumnType> {
  const types = new Map<string, CleanColumnType>();
  for (const name of columns) {
    const cells = rows.map((row) => row.values[name]).filter((value) => !isMissing(value));
    const typing = inferColumnType(cells);
    types.set(name, typing.type);
    if (typing.type === "string" || typing.type === "empty") continue;
    for (const row of rows) {
      const value = row.values[name];
      if (isMissing(value)) continue;
      const parsed = typing.convert(value);
      if (!parsed) {
        row.values[name] = null;
        report.change(row.index, name, "invalid_value", value, null, `not a valid ${typing.type} in a ${typing.type} column`);
      } else if (parsed.value !== value) {
        row.values[name] = parsed.value;
        report.change(row.index, name, "convert_type", value, parsed.value, parsed.reason || `read as ${typing.type}`);
      }
    }
  }
  return types;
}

/** Spellings that differ only in case become the most frequent of them. */
function unifyCase(rows: WorkingRow[], name: string, report: Report): void {
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

function mergeClusters(rows: WorkingRow[], name: string, report: Report): void {
  const merges = clusterKeys(countStrings(rows, name));
  if (merges.size === 0) return;
  for (const row of rows) {
    const value = row.values[name];
    if (typeof value !== "string") continue;
    const merge = merges.get(value);
    if (!merge) continue;
    row.values[name] = merge.canonical;
    report.change(row.index, name, "merge_cluster", value, merge.canonical, `same key as "${merge.canonical}" (${merge.method})`);
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

function removeDuplicates(rows: WorkingRow[], columns: string[], report: Report): WorkingRow[] {
  const firstByKey = new Map<string, number>();
  const kept: WorkingRow[] = [];
  for (const row of rows) {
    const key = JSON.stringify(columns.map((name) => row.values[name] ?? null));
    const first = firstByKey.get(key);
    if (first === undefined) {
      firstByKey.set(key, row.index);
      kept.push(row);
      continue;
    }
    report.change(row.index, null, "remove_duplicate", row.values, null, `exact duplicate of row ${first} (kept)`);
  }
  return kept;
}

const numbersOf = (rows: WorkingRow[], name: string) =>
  rows.map((row) => row.values[name]).filter((value): value is number => typeof value === "number" && Number.isFinite(value));

/** Tukey's fences: outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR]; values are kept, only flagged. */
function flagOutliers(rows: WorkingRow[], name: string, report: Report): void {
  const sorted = Float64Array.from(numbersOf(rows, name)).sort();
  if (sorted.length < 4) return;
  const q1 = quantileOfSorted(sorted, 0.25);
  const q3 = quantileOfSorted(sorted, 0.75);
  const spread = q3 - q1;
  if (spread <= 0) return;
  const low = q1 - 1.5 * spread;
  const high = q3 + 1.5 * spread;
  for (const row of rows) {
    const value = row.values[name];
    if (typeof value === "number" && (value < low || value > high)) {
      report.change(row.index, name, "flag_outlier", value, value, `outside [${round(low)}, ${round(high)}] (IQR 1.5); value kept`);
    }
  }
}

function impute(rows: WorkingRow[], name: string, type: CleanColumnType, method: "mean" | "median" | "mode", report: Report): void {
  const fill = fillValue(rows, name, type, method);
  if (fill === undefined) return;
  for (const row of rows) {
    if (!isMissing(row.values[name])) continue;
    const before = row.values[name] ?? null;
    row.values[name] = fill.value;
    report.change(row.index, name, "impute", before, fill.value, fill.reason);
  }
}

function fillValue(rows: WorkingRow[], name: string, type: CleanColumnType, method: "mean" | "median" | "mode"): { value: unknown; reason: string } | undefined {
  if (method === "mode") {
    const counts = new Map<string, { value: unknown; count: number }>();
    for (const row of rows) {
      const value = row.values[name];
      if (isMissing(value)) continue;
      const key = JSON.stringify(value);
      const entry = counts.get(key) ?? { value, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
    let best: { value: unknown; count: number } | undefined;
    for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
    return best && { value: best.value, reason: `mode of the column (${best.count} occurrences)` };
  }
  const values = numbersOf(rows, name);
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  const exact = method === "mean" ? values.reduce((sum, value) => sum + value, 0) / values.length : quantileOfSorted(sorted, 0.5);
  const value = type === "integer" ? Math.round(exact) : round(exact);
  return { value, reason: `${method} of the column${type === "integer" && value !== exact ? " (rounded: integer column)" : ""}` };
}

function round(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}
