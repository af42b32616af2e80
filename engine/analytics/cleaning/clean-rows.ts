import type { CleanOptions, CleanResult } from "../../../core/contracts/analytics.js";
import { quantileOfSorted } from "../kernels/summary.js";
import { CleanReport, type Row, type WorkingRow } from "./clean-report.js";
import type { CleanColumnType } from "./column-types.js";
import { convertColumns, isMissing, standardiseNulls } from "./convert-columns.js";
import { mergeClusters, normaliseWhitespace, unifyCase } from "./unify-spellings.js";

/**
 * The cleaning of DESIGN.md section 8, over rows held in memory, in this order: missing-value
 * sentinels and whitespace, type inference and conversion, case variants, key clustering,
 * duplicate removal, outlier flags, imputation. Every change is a report entry naming the row
 * (its position in the input), the column, the value before and after, and why; nothing is
 * dropped silently (a removed duplicate names the row kept), and a decision that could change a
 * value's meaning (identifiers, ambiguous numbers and dates, fuzzy merges) is reported as one.
 * With every option off the rows come back as they were given.
 */

/** A cleaning option naming a column the data does not have. */
export class CleanInputError extends Error {}

export function cleanRows(input: readonly Row[], options: CleanOptions): CleanResult {
  const columns = columnNamesOf(input);
  const unknown = options.cluster_keys.filter((name) => !columns.includes(name));
  if (unknown.length) throw new CleanInputError(`cluster_keys names columns the data does not have: ${unknown.join(", ")}`);

  const report = new CleanReport();
  const rows: WorkingRow[] = input.map((values, index) => ({ index, values: { ...values } }));

  if (options.infer_types) standardiseNulls(rows, columns, report);
  if (options.normalise_strings) normaliseWhitespace(rows, columns, report);
  const types = convertColumns(rows, columns, options, report);
  const stringColumns = columns.filter((name) => types.get(name) === "string");
  if (options.normalise_strings) for (const name of stringColumns) unifyCase(rows, name, report);
  for (const name of options.cluster_keys) if (types.get(name) === "string") mergeClusters(rows, name, options.apply_clusters, report);
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

function removeDuplicates(rows: WorkingRow[], columns: string[], report: CleanReport): WorkingRow[] {
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
function flagOutliers(rows: WorkingRow[], name: string, report: CleanReport): void {
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

function impute(rows: WorkingRow[], name: string, type: CleanColumnType, method: "mean" | "median" | "mode", report: CleanReport): void {
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
