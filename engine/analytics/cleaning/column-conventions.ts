import type { CleanOptions } from "../../../core/contracts/analytics.js";
import { parseNumeric, slashedParts, type DayOrder, type DecimalSeparator } from "./value-parsing.js";

/**
 * The writing conventions a column's text follows, decided from all its cells: the decimal
 * separator of its numbers and the day order of its slashed dates. When the cells fit both
 * readings, the decision says so (the first such cell and why), for the report.
 */

export interface Ambiguity {
  /** The first cell that reads two ways. */
  cell: number;
  reason: string;
}

export interface DecimalDecision {
  separator: DecimalSeparator;
  ambiguity: Ambiguity | null;
}

/**
 * A set separator is used as is. Otherwise a column whose cells can only be read with a decimal
 * comma ("3,5", "1.234,56") uses it, unless more cells can only be read with a decimal point;
 * with no such evidence, text that reads both ways ("1,234") is read with a decimal point and the
 * ambiguity is returned.
 */
export function decideDecimalSeparator(cells: readonly unknown[], setting: CleanOptions["decimal_separator"]): DecimalDecision {
  if (setting !== "auto") return { separator: setting, ambiguity: null };
  let pointOnly = 0;
  let commaOnly = 0;
  let ambiguity: Ambiguity | null = null;
  for (const [index, cell] of cells.entries()) {
    if (typeof cell !== "string") continue;
    const point = parseNumeric(cell, ".");
    const comma = parseNumeric(cell, ",");
    if (point && !comma) pointOnly++;
    else if (comma && !point) commaOnly++;
    else if (point && comma && point.value !== comma.value && !ambiguity) {
      ambiguity = {
        cell: index,
        reason: `"${cell}" reads as ${point.value} with a decimal point and as ${comma.value} with a decimal comma; the column was read with a decimal point (set decimal_separator to "," for the other)`,
      };
    }
  }
  if (commaOnly > pointOnly) return { separator: ",", ambiguity: null };
  return { separator: ".", ambiguity: pointOnly > 0 ? null : ambiguity };
}

export interface DayOrderDecision {
  /** Null when the column's slashed dates cannot be read one way without guessing. */
  order: DayOrder | null;
  ambiguity: Ambiguity | null;
}

/**
 * A set order is used as is. Otherwise a first part over 12 (25/12/2024) means DD/MM and a second
 * part over 12 (12/25/2024) means MM/DD. Without either, dates whose parts differ (03/04/2024)
 * fit both orders; with both, the column mixes them: either way there is no order to read with.
 */
export function decideDayOrder(cells: readonly unknown[], setting: CleanOptions["day_order"]): DayOrderDecision {
  if (setting !== "auto") return { order: setting, ambiguity: null };
  let dayFirst = -1;
  let monthFirst = -1;
  let either = -1;
  for (const [index, cell] of cells.entries()) {
    const parts = typeof cell === "string" ? slashedParts(cell) : null;
    if (!parts) continue;
    const [first, second] = parts;
    if (first > 12) dayFirst = dayFirst < 0 ? index : dayFirst;
    else if (second > 12) monthFirst = monthFirst < 0 ? index : monthFirst;
    else if (first !== second) either = either < 0 ? index : either;
  }
  if (dayFirst >= 0 && monthFirst >= 0) {
    return {
      order: null,
      ambiguity: { cell: dayFirst, reason: `the column has dates in DD/MM order ("${String(cells[dayFirst])}") and in MM/DD order ("${String(cells[monthFirst])}"); kept as text (set day_order to read it one way)` },
    };
  }
  if (dayFirst >= 0) return { order: "dmy", ambiguity: null };
  if (monthFirst >= 0 || either < 0) return { order: "mdy", ambiguity: null };
  return {
    order: null,
    ambiguity: { cell: either, reason: `dates such as "${String(cells[either])}" fit both DD/MM and MM/DD; kept as text (set day_order to "dmy" or "mdy" to read them)` },
  };
}
