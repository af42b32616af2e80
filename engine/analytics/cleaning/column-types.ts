import { parseBoolean, parseDate, parseNumeric, slashedParts, type DayOrder, type Parsed } from "./value-parsing.js";

export type CleanColumnType = "number" | "integer" | "string" | "boolean" | "date" | "timestamp" | "empty";

/** A column's type, and how each of its cells reads as that type. */
export interface ColumnTyping {
  type: CleanColumnType;
  /** Converts one non-null cell; null when the cell does not read as the column's type. */
  convert: (value: unknown) => Parsed<unknown> | null;
}

/**
 * A column is typed when every non-missing cell reads as one type; with at least
 * MIN_CELLS_FOR_MAJORITY cells, a MAJORITY share is enough and the rest are reported invalid.
 */
const MIN_CELLS_FOR_MAJORITY = 20;
const MAJORITY = 0.95;

type Kind = "number" | "boolean" | "date";

/** Infers a column's type from its non-missing cells (null and undefined already excluded). */
export function inferColumnType(cells: readonly unknown[]): ColumnTyping {
  if (cells.length === 0) return { type: "empty", convert: (value) => ({ value, reason: "" }) };
  const order = dayOrderOf(cells);
  const readers: Record<Kind, (value: unknown) => Parsed<unknown> | null> = {
    number: (value) => (typeof value === "number" ? (Number.isFinite(value) ? { value, reason: "" } : null) : typeof value === "string" ? parseNumeric(value) : null),
    boolean: (value) => (typeof value === "boolean" ? { value, reason: "" } : typeof value === "string" ? parseBoolean(value) : null),
    date: (value) => {
      if (typeof value !== "string") return null;
      const parsed = parseDate(value, order);
      return parsed ? { value: parsed.value.iso, reason: parsed.reason } : null;
    },
  };
  const threshold = cells.length >= MIN_CELLS_FOR_MAJORITY ? Math.ceil(cells.length * MAJORITY) : cells.length;
  for (const kind of ["number", "boolean", "date"] as const) {
    const read = readers[kind];
    let fits = 0;
    for (const cell of cells) if (read(cell)) fits++;
    if (fits < threshold) continue;
    if (kind === "number") {
      const integer = cells.every((cell) => {
        const parsed = read(cell);
        return !parsed || Number.isInteger(parsed.value);
      });
      return { type: integer ? "integer" : "number", convert: read };
    }
    if (kind === "date") {
      const timestamp = cells.some((cell) => typeof cell === "string" && parseDate(cell, order)?.value.kind === "timestamp");
      if (timestamp) return { type: "timestamp", convert: (value) => readTimestamp(value, order) };
      return { type: "date", convert: read };
    }
    return { type: kind, convert: read };
  }
  return { type: "string", convert: (value) => ({ value, reason: "" }) };
}

/** In a timestamp column, plain dates become midnight UTC. */
function readTimestamp(value: unknown, order: DayOrder): Parsed<unknown> | null {
  if (typeof value !== "string") return null;
  const parsed = parseDate(value, order);
  if (!parsed) return null;
  if (parsed.value.kind === "timestamp") return { value: parsed.value.iso, reason: parsed.reason };
  return { value: `${parsed.value.iso}T00:00:00.000Z`, reason: "date to ISO 8601 timestamp (midnight UTC)" };
}

/** DD/MM when some first part is over 12, otherwise MM/DD (the US form). */
function dayOrderOf(cells: readonly unknown[]): DayOrder {
  for (const cell of cells) {
    if (typeof cell !== "string") continue;
    const parts = slashedParts(cell);
    if (parts && parts[0] > 12) return "dmy";
  }
  return "mdy";
}
