import type { AnalyzeRequest } from "../../../core/contracts/analytics.js";
import type { AnalyticsCallOptions, AnalyticsDb } from "../analytics-db.js";
import { AnalysisInputError, quoteIdentifier, type DataSource, type SourceColumn } from "./data-source.js";

/** Which columns an analysis reads, and how each was chosen (echoed in the answer's `series`). */
export interface ColumnChoice {
  time: SourceColumn | null;
  value: SourceColumn | null;
  /** The numeric columns other than the time column, in the dataset's order. */
  numeric: SourceColumn[];
  timeChosen: "requested" | "inferred";
  valueChosen: "requested" | "inferred" | "none";
  /** Why this value column (or none), in a sentence. */
  valueReason: string;
  /** Set when the default rule had more than one candidate: the warning the answer's notes carry. */
  ambiguity: string | null;
}

/**
 * Names that say a numeric column identifies or positions a row rather than measures something:
 * row numbers and ids, and calendar parts (Day, Month, Year), which are part of the time, not a value.
 */
const IDENTIFIER_NAME = /^(id|row|row_?(no|num|number|id)|rownum|index|idx|seq|obs|year|quarter|month|week|day|weekday|hour|minute|second)$/i;
/** snake_case or camelCase ids: customer_id, customerId, customerID. */
const IDENTIFIER_SUFFIX = /(_id|_ID|[a-z0-9]Id|[a-z0-9]ID)$/;

/**
 * The columns named in the request, or chosen by the documented rule:
 * - time: the first date or timestamp column;
 * - value: the first numeric column, in the dataset's order, that is not the time column and does
 *   not look like an identifier: a name such as id, row, index, Day, Month or Year (or ending in
 *   _id), or values that are the row numbers themselves (distinct whole numbers running 0..n−1 or
 *   1..n). When every numeric column looks like one, the first numeric column is used.
 * A named column that does not exist, or a value column that is not numeric, is an input error.
 */
export async function chooseColumns(
  db: AnalyticsDb,
  source: DataSource,
  columns: SourceColumn[],
  request: Pick<AnalyzeRequest, "time_column" | "value_column">,
  call: AnalyticsCallOptions,
): Promise<ColumnChoice> {
  const named = (name: string, role: "time_column" | "value_column") => {
    const column = columns.find((candidate) => candidate.name === name);
    if (!column) throw new AnalysisInputError(`${role} "${name}" is not a column of the dataset (columns: ${columns.map((c) => c.name).join(", ")})`, role);
    return column;
  };
  const time = request.time_column ? named(request.time_column, "time_column") : (columns.find((column) => column.kind === "time") ?? null);
  if (time && time.kind !== "time" && time.kind !== "string") throw new AnalysisInputError(`time_column "${time.name}" holds ${time.sqlType}, not dates or timestamps`, "time_column");
  const numeric = columns.filter((column) => column.kind === "number" && column.name !== time?.name);
  const base = { time, numeric, timeChosen: request.time_column ? ("requested" as const) : ("inferred" as const) };

  if (request.value_column) {
    const value = named(request.value_column, "value_column");
    if (value.kind !== "number") throw new AnalysisInputError(`value_column "${value.name}" holds ${value.sqlType}, not numbers`, "value_column");
    return { ...base, value, valueChosen: "requested", valueReason: "named in value_column", ambiguity: null };
  }
  if (numeric.length === 0) return { ...base, value: null, valueChosen: "none", valueReason: "no numeric column: the series counts rows per period", ambiguity: null };

  const skipped: string[] = [];
  let value: SourceColumn | null = null;
  for (const column of numeric) {
    if (IDENTIFIER_NAME.test(column.name) || IDENTIFIER_SUFFIX.test(column.name)) skipped.push(`${column.name} (an identifier or calendar name)`);
    else if (await holdsRowNumbers(db, source, column, call)) skipped.push(`${column.name} (its values are the row numbers)`);
    else {
      value = column;
      break;
    }
  }
  const chosen = value ?? (numeric[0] as SourceColumn);
  const valueReason = value
    ? `the first numeric column${skipped.length ? ` after skipping ${skipped.join(", ")}` : ""}`
    : `every numeric column looks like an identifier (${skipped.join(", ")}); the first is used`;
  const ambiguity =
    numeric.length > 1 ? `${numeric.length} numeric columns (${numeric.map((c) => c.name).join(", ")}); analysed ${chosen.name}; set value_column to choose another` : null;
  return { ...base, value: chosen, valueChosen: "inferred", valueReason, ambiguity };
}

/** True when the column's values are distinct whole numbers running 0..n−1 or 1..n, one per row. */
async function holdsRowNumbers(db: AnalyticsDb, source: DataSource, column: SourceColumn, call: AnalyticsCallOptions): Promise<boolean> {
  const v = `cast(${quoteIdentifier(column.name)} as double)`;
  const [row] = await db.all(
    `select count(*) as n, count(${v}) as present, count(distinct ${v}) as distinct_values, min(${v}) as lo, max(${v}) as hi,
            bool_and(${v} = floor(${v})) as whole
     from ${source.from}`,
    source.params,
    call,
  );
  if (!row) return false;
  const n = Number(row.n);
  const lo = Number(row.lo);
  return n > 1 && Number(row.present) === n && Number(row.distinct_values) === n && row.whole === true && (lo === 0 || lo === 1) && Number(row.hi) === lo + n - 1;
}
