import type { CleanOptions } from "../../../core/contracts/analytics.js";
import type { CleanReport, WorkingRow } from "./clean-report.js";
import { inferColumnType, type CleanColumnType } from "./column-types.js";
import { isNullSentinel } from "./value-parsing.js";

/**
 * Type inference over the rows (option infer_types): missing-value sentinels become null
 * (standardiseNulls), then each column is typed and its cells converted (convertColumns), each
 * change and each decision about a column in the report.
 */

export const isMissing = (value: unknown) => value === null || value === undefined;

export function standardiseNulls(rows: WorkingRow[], columns: string[], report: CleanReport): void {
  for (const row of rows) {
    for (const name of columns) {
      const value = row.values[name];
      if (typeof value !== "string" || !isNullSentinel(value)) continue;
      row.values[name] = null;
      report.change(row.index, name, "standardise_null", value, null, value.trim() === "" ? "empty text is a missing value" : `"${value.trim()}" means a missing value`);
    }
  }
}

/** With infer_types off nothing changes, and a column's type is that of the values as given. */
export function convertColumns(rows: WorkingRow[], columns: string[], options: CleanOptions, report: CleanReport): Map<string, CleanColumnType> {
  if (!options.infer_types) return new Map(columns.map((name) => [name, typeOfGivenValues(rows, name)]));
  return new Map(columns.map((name) => [name, convertColumn(rows, name, options, report)]));
}

function convertColumn(rows: WorkingRow[], name: string, options: CleanOptions, report: CleanReport): CleanColumnType {
  const present = rows.filter((row) => !isMissing(row.values[name]));
  const typing = inferColumnType(
    present.map((row) => row.values[name]),
    options,
  );
  for (const notice of typing.notices) {
    const row = present[notice.cell];
    if (row) report.note(row.index, name, notice.action, row.values[name], notice.reason);
  }
  if (typing.type === "string" || typing.type === "empty") return typing.type;
  for (const row of present) {
    const value = row.values[name];
    const converted = typing.convert(value);
    if (!converted) {
      row.values[name] = null;
      report.change(row.index, name, "invalid_value", value, null, `not a valid ${typing.type} in a ${typing.type} column`);
    } else if (converted.value !== value) {
      row.values[name] = converted.value;
      report.change(row.index, name, converted.action ?? "convert_type", value, converted.value, converted.reason || `read as ${typing.type}`);
    }
  }
  return typing.type;
}

/** The type of a column's values as given: numbers, booleans, or anything else as text. */
function typeOfGivenValues(rows: WorkingRow[], name: string): CleanColumnType {
  const values = rows.map((row) => row.values[name]).filter((value) => !isMissing(value));
  if (values.length === 0) return "empty";
  if (values.every((value) => typeof value === "number")) return values.every((value) => Number.isInteger(value)) ? "integer" : "number";
  if (values.every((value) => typeof value === "boolean")) return "boolean";
  return "string";
}
