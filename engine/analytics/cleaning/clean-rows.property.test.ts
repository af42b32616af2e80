import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APPLY_CLUSTERS, CleanOptionsSchema, IMPUTE_METHODS, type CleanReportEntry } from "../../../core/contracts/analytics.js";
import type { Row } from "./clean-report.js";
import { cleanRows, columnNamesOf } from "./clean-rows.js";

const SEED = 37;
const RUNS = 400;
const COLUMNS = ["amount", "day", "name", "anything"] as const;

const sentinels = fc.constantFrom("", " ", "N/A", "null", "NaN", "-", "none", "Infinity", "-inf", "∞");
const numbersAsText = fc.oneof(
  fc.constantFrom("02134", "2134", "94105", "1,000", "1,234", "1.234,56", "3,5", "12%", "$1,200", "(45.10)", "+254 712 345 678", "12345678901234567890", "0.5"),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);
const numbers = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double(), fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY));
const dates = fc.oneof(
  fc.constantFrom("2024-01-05", "03/04/2024", "25/12/2024", "12/25/2024", "01/01/2024", "Jan 5, 2024", "5 March 2024", "2024-01-05 10:30", "2023-02-29"),
  fc.date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
);
const names = fc.constantFrom("New York", "new york", "York, New", "Nwe York", "active", "inactive", "John Smith", "Jan Smith", "  padded   text ", "Café", "Cafe", "Zoë", "東京");
const unicode = fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), fc.string({ unit: "binary", maxLength: 6 }));
const any = fc.oneof(sentinels, numbersAsText, numbers, dates, names, unicode, fc.boolean(), fc.constantFrom("yes", "no", "TRUE"), fc.constant(null));

/** Rows whose columns each lean one way (numbers, dates, names) with anything mixed in, some cells absent. */
const rowsArbitrary = fc.array(
  fc.record(
    {
      amount: fc.oneof({ arbitrary: fc.oneof(numbersAsText, numbers), weight: 8 }, { arbitrary: sentinels, weight: 1 }, { arbitrary: any, weight: 1 }),
      day: fc.oneof({ arbitrary: dates, weight: 8 }, { arbitrary: sentinels, weight: 1 }, { arbitrary: any, weight: 1 }),
      name: fc.oneof({ arbitrary: names, weight: 8 }, { arbitrary: any, weight: 1 }),
      anything: any,
    },
    { requiredKeys: [] },
  ).map((row): Row => ({ ...row })),
  { maxLength: 40 },
);
const clusterKeysArbitrary = fc.subarray([...COLUMNS]);

/** Cluster keys must name columns the rows have. */
const presentIn = (rows: Row[], keys: string[]) => keys.filter((name) => columnNamesOf(rows).includes(name));

const entriesFor = (report: CleanReportEntry[], row: number, column: string) => report.filter((entry) => entry.row === row && entry.column === column);

/** Every way a cell went from its input value to its output value is a chain of report entries. */
function unexplainedChanges(input: Row[], rows: Row[], report: CleanReportEntry[]): string[] {
  const removed = new Set(report.filter((entry) => entry.action === "remove_duplicate").map((entry) => entry.row));
  const keptIndexes = input.map((_, index) => index).filter((index) => !removed.has(index));
  if (keptIndexes.length !== rows.length) return [`${rows.length} rows out, ${keptIndexes.length} not reported removed`];
  const problems: string[] = [];
  keptIndexes.forEach((index, position) => {
    for (const column of columnNamesOf(input)) {
      let value: unknown = input[index]?.[column] ?? null;
      for (const entry of entriesFor(report, index, column)) {
        if (!isDeepStrictEqual(entry.before, value)) problems.push(`row ${index} ${column}: ${entry.action} before ${String(entry.before)}, cell was ${String(value)}`);
        value = entry.after;
      }
      const output = rows[position]?.[column] ?? null;
      if (!isDeepStrictEqual(output, value)) problems.push(`row ${index} ${column}: ${String(output)} out, report explains ${String(value)}`);
    }
  });
  return problems;
}

describe("cleaning as a property of any rows", () => {
  it("changes nothing with every option off: the rows come back as given, the report only notes", () => {
    fc.assert(
      fc.property(rowsArbitrary, clusterKeysArbitrary, (input, keys) => {
        const untouched = structuredClone(input);
        const options = CleanOptionsSchema.parse({
          deduplicate: false,
          impute: "none",
          outliers: "none",
          normalise_strings: false,
          infer_types: false,
          cluster_keys: presentIn(input, keys),
          apply_clusters: "none",
        });
        const result = cleanRows(input, options);
        expect(result.rows).toStrictEqual(untouched);
        expect(input).toStrictEqual(untouched);
        expect(result.report.filter((entry) => entry.action !== "suggest_merge" || !Object.is(entry.before, entry.after))).toEqual([]);
        expect(result.summary).toMatchObject({ rows_in: input.length, rows_out: input.length });
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("explains every changed cell and every removed row in the report, whatever the options", () => {
    const optionsArbitrary = fc.record({
      deduplicate: fc.boolean(),
      impute: fc.constantFrom(...IMPUTE_METHODS),
      outliers: fc.constantFrom("flag", "none"),
      normalise_strings: fc.boolean(),
      infer_types: fc.boolean(),
      decimal_separator: fc.constantFrom("auto", ".", ","),
      day_order: fc.constantFrom("auto", "mdy", "dmy"),
      apply_clusters: fc.constantFrom(...APPLY_CLUSTERS),
    });
    fc.assert(
      fc.property(rowsArbitrary, clusterKeysArbitrary, optionsArbitrary, (input, keys, chosen) => {
        const untouched = structuredClone(input);
        const result = cleanRows(input, CleanOptionsSchema.parse({ ...chosen, cluster_keys: presentIn(input, keys) }));
        expect(unexplainedChanges(untouched, result.rows, result.report)).toEqual([]);
        expect(input).toStrictEqual(untouched);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
