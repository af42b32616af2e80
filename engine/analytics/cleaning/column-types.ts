import type { CleanAction, CleanOptions } from "../../../core/contracts/analytics.js";
import { decideDayOrder, decideDecimalSeparator, type Ambiguity } from "./column-conventions.js";
import { identifierEvidenceOf } from "./identifier-columns.js";
import { isNonFinite, parseBoolean, parseDate, parseNumeric, type DayOrder, type DecimalSeparator, type Parsed } from "./value-parsing.js";

export type CleanColumnType = "number" | "integer" | "string" | "boolean" | "date" | "timestamp" | "empty";

/** One cell read as its column's type; `action` when the change is not a plain type conversion. */
export interface Conversion extends Parsed<unknown> {
  action?: Extract<CleanAction, "replace_non_finite">;
}

/** A decision about the whole column, shown by one of its cells (an index into the cells given). */
export interface ColumnNotice {
  cell: number;
  action: Extract<CleanAction, "keep_text" | "flag_ambiguous_number" | "flag_ambiguous_date">;
  reason: string;
}

/** A column's type, how each of its cells reads as that type, and what the report should say about it. */
export interface ColumnTyping {
  type: CleanColumnType;
  /** Converts one non-null cell; null when the cell does not read as the column's type. */
  convert: (value: unknown) => Conversion | null;
  notices: ColumnNotice[];
}

export type TypingOptions = Pick<CleanOptions, "decimal_separator" | "day_order">;

/**
 * A column is typed when every non-missing cell reads as one type; with at least
 * MIN_CELLS_FOR_MAJORITY cells, a MAJORITY share is enough and the rest are reported invalid.
 */
const MIN_CELLS_FOR_MAJORITY = 20;
const MAJORITY = 0.95;

const asIs = (value: unknown): Conversion => ({ value, reason: "" });
const textColumn = (notices: ColumnNotice[] = []): ColumnTyping => ({ type: "string", convert: asIs, notices });
const noticeOf = (action: ColumnNotice["action"], ambiguity: Ambiguity | null): ColumnNotice[] => (ambiguity ? [{ action, ...ambiguity }] : []);

/** Infers a column's type from its non-missing cells (null and undefined already excluded). */
export function inferColumnType(cells: readonly unknown[], options: TypingOptions): ColumnTyping {
  if (cells.length === 0) return { type: "empty", convert: asIs, notices: [] };
  const threshold = cells.length >= MIN_CELLS_FOR_MAJORITY ? Math.ceil(cells.length * MAJORITY) : cells.length;
  const fitting = (read: (value: unknown) => Conversion | null) => cells.filter((cell) => read(cell)).length >= threshold;

  const decimal = decideDecimalSeparator(cells, options.decimal_separator);
  const readNumber = numberReader(decimal.separator);
  if (fitting(readNumber) && cells.some((cell) => typeof readNumber(cell)?.value === "number")) {
    const identifier = identifierEvidenceOf(cells);
    if (identifier) return textColumn([{ action: "keep_text", ...identifier }]);
    const integer = cells.every((cell) => {
      const value = readNumber(cell)?.value;
      return typeof value !== "number" || Number.isInteger(value);
    });
    return { type: integer ? "integer" : "number", convert: readNumber, notices: noticeOf("flag_ambiguous_number", decimal.ambiguity) };
  }

  const readBoolean = (value: unknown) => (typeof value === "boolean" ? asIs(value) : typeof value === "string" ? parseBoolean(value) : null);
  if (fitting(readBoolean)) return { type: "boolean", convert: readBoolean, notices: [] };

  const day = decideDayOrder(cells, options.day_order);
  const order = day.order;
  if (!order) {
    const datesEitherWay = fitting((value) => readDateText(value, "mdy") ?? readDateText(value, "dmy"));
    return textColumn(datesEitherWay ? noticeOf("flag_ambiguous_date", day.ambiguity) : []);
  }
  const readDate = (value: unknown) => readDateText(value, order);
  if (!fitting(readDate)) return textColumn();
  const timestamp = cells.some((cell) => typeof cell === "string" && parseDate(cell, order)?.value.kind === "timestamp");
  if (timestamp) return { type: "timestamp", convert: (value) => readTimestamp(value, order), notices: [] };
  return { type: "date", convert: readDate, notices: [] };
}

/** Non-finite numbers (Infinity, "-inf") fit a numeric column and become null: no statistic can use them. */
function numberReader(separator: DecimalSeparator): (value: unknown) => Conversion | null {
  return (value) => {
    if (isNonFinite(value)) return { value: null, reason: `non-finite number ${String(value)} set to null (the column stays numeric)`, action: "replace_non_finite" };
    if (typeof value === "number") return asIs(value);
    return typeof value === "string" ? parseNumeric(value, separator) : null;
  };
}

function readDateText(value: unknown, order: DayOrder): Conversion | null {
  if (typeof value !== "string") return null;
  const parsed = parseDate(value, order);
  return parsed ? { value: parsed.value.iso, reason: parsed.reason } : null;
}

/** In a timestamp column, plain dates become midnight UTC. */
function readTimestamp(value: unknown, order: DayOrder): Conversion | null {
  if (typeof value !== "string") return null;
  const parsed = parseDate(value, order);
  if (!parsed) return null;
  if (parsed.value.kind === "timestamp") return { value: parsed.value.iso, reason: parsed.reason };
  return { value: `${parsed.value.iso}T00:00:00.000Z`, reason: "date to ISO 8601 timestamp (midnight UTC)" };
}
