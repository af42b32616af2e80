import { describe, expect, it } from "vitest";
import { CleanOptionsSchema } from "../../../core/contracts/analytics.js";
import type { Row } from "./clean-report.js";
import { CleanInputError, cleanRows } from "./clean-rows.js";
import { clusterKeys, fingerprint, levenshtein, ngramFingerprint } from "./key-clustering.js";
import { parseDate, parseNumeric } from "./value-parsing.js";

const options = (overrides: Record<string, unknown> = {}) => CleanOptionsSchema.parse(overrides);
const entriesOf = (result: ReturnType<typeof cleanRows>, action: string) => result.report.filter((entry) => entry.action === action);

describe("reading text cells", () => {
  it("reads thousands separators, percentages, currencies and accounting negatives", () => {
    expect(parseNumeric("1,234,567.5")).toEqual({ value: 1234567.5, reason: "thousands separators removed" });
    expect(parseNumeric("12.5%")?.value).toBe(0.125);
    expect(parseNumeric("$1,200")).toEqual({ value: 1200, reason: "thousands separators removed; currency $ removed" });
    expect(parseNumeric("KES 300")?.value).toBe(300);
    expect(parseNumeric("(45.10)")?.value).toBe(-45.1);
    expect(parseNumeric("-")).toBeNull();
    expect(parseNumeric("12abc")).toBeNull();
    expect(parseNumeric("2024-01-01")).toBeNull();
  });

  it("reads ISO, slashed and month-name dates and rejects impossible ones", () => {
    expect(parseDate("2024-02-29", "mdy")?.value).toEqual({ iso: "2024-02-29", kind: "date" });
    expect(parseDate("2023-02-29", "mdy")).toBeNull();
    expect(parseDate("03/04/2024", "mdy")?.value.iso).toBe("2024-03-04");
    expect(parseDate("03/04/2024", "dmy")?.value.iso).toBe("2024-04-03");
    expect(parseDate("Jan 5, 2024", "mdy")?.value.iso).toBe("2024-01-05");
    expect(parseDate("5 March 2024", "mdy")?.value.iso).toBe("2024-03-05");
    expect(parseDate("2024-01-05 10:30", "mdy")?.value).toEqual({ iso: "2024-01-05T10:30:00.000Z", kind: "timestamp" });
  });
});

describe("key clustering", () => {
  it("computes fingerprint and n-gram keys as OpenRefine does", () => {
    expect(fingerprint("  York, New ")).toBe("new york");
    expect(fingerprint("Café  Olé")).toBe("cafe ole");
    expect(ngramFingerprint("Paris")).toBe(ngramFingerprint("paris"));
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("kitten", "sitting", 1)).toBe(2);
  });

  it("merges spellings into the most frequent one and names the method", () => {
    const merges = clusterKeys(new Map([["New York", 5], ["new york", 1], ["York New", 1], ["Nwe York", 1], ["Boston", 3]]));
    expect(merges.get("new york")).toEqual({ canonical: "New York", method: "fingerprint" });
    expect(merges.get("York New")).toEqual({ canonical: "New York", method: "fingerprint" });
    expect(merges.get("Nwe York")?.canonical).toBe("New York");
    expect(merges.has("Boston")).toBe(false);
  });
});

describe("cleaning rows", () => {
  const input: Row[] = [
    { city: " New York ", amount: "1,200", share: "10%", day: "01/15/2024", code: "A1" },
    { city: "new york", amount: "$300", share: "20%", day: "01/16/2024", code: "A2" },
    { city: "Boston", amount: "N/A", share: "30%", day: "Jan 17, 2024", code: "A3" },
    { city: "Boston", amount: 250, share: "40%", day: "2024-01-18", code: "A4" },
    { city: "Bostn", amount: 260, share: "50%", day: "2024-01-19", code: "A5" },
    { city: "Boston", amount: 250, share: "40%", day: "2024-01-18", code: "A4" },
    { city: "Chicago", amount: 99999, share: "10%", day: "2024-01-20", code: "A6" },
    { city: "Chicago", amount: 270, share: "10%", day: "2024-01-21", code: "A7" },
  ];

  it("reports every change type with the row, column, before, after and reason", () => {
    const result = cleanRows(input, options({ impute: "median", cluster_keys: ["city"], apply_clusters: "all" }));

    expect(entriesOf(result, "normalise_whitespace")).toEqual([
      { row: 0, column: "city", action: "normalise_whitespace", before: " New York ", after: "New York", reason: "surrounding or repeated whitespace removed" },
    ]);
    expect(entriesOf(result, "standardise_null")).toMatchObject([{ row: 2, column: "amount", before: "N/A", after: null }]);
    expect(entriesOf(result, "convert_type")).toContainEqual({ row: 0, column: "amount", action: "convert_type", before: "1,200", after: 1200, reason: "thousands separators removed" });
    expect(entriesOf(result, "convert_type")).toContainEqual(expect.objectContaining({ row: 1, column: "share", before: "20%", after: 0.2 }));
    expect(entriesOf(result, "convert_type")).toContainEqual(expect.objectContaining({ row: 2, column: "day", before: "Jan 17, 2024", after: "2024-01-17" }));
    expect(entriesOf(result, "normalise_case")).toMatchObject([{ row: 1, column: "city", before: "new york", after: "New York" }]);
    expect(entriesOf(result, "merge_cluster")).toMatchObject([{ row: 4, column: "city", before: "Bostn", after: "Boston", reason: 'same key as "Boston" (levenshtein)' }]);
    expect(entriesOf(result, "remove_duplicate")).toMatchObject([{ row: 5, column: null, after: null, reason: "exact duplicate of row 3 (kept)" }]);
    expect(entriesOf(result, "flag_outlier")).toMatchObject([{ row: 6, column: "amount", before: 99999, after: 99999 }]);
    expect(entriesOf(result, "impute")).toMatchObject([{ row: 2, column: "amount", before: null, after: 285, reason: "median of the column" }]);

    expect(result.summary).toEqual({
      rows_in: 8,
      rows_out: 7,
      changes: expect.objectContaining({ remove_duplicate: 1, impute: 1, flag_outlier: 1, merge_cluster: 1, normalise_case: 1 }),
    });
    expect(result.rows[1]).toEqual({ city: "New York", amount: 300, share: 0.2, day: "2024-01-16", code: "A2" });
    expect(result.columns).toEqual([
      { name: "city", type: "string" },
      { name: "amount", type: "integer" },
      { name: "share", type: "number" },
      { name: "day", type: "date" },
      { name: "code", type: "string" },
    ]);
  });

  it("reads slashed dates day first when a column shows it must", () => {
    const result = cleanRows([{ d: "25/12/2024" }, { d: "03/04/2024" }], options());
    expect(result.rows).toEqual([{ d: "2024-12-25" }, { d: "2024-04-03" }]);
  });

  it("keeps short codes apart even when every merge is applied", () => {
    const rows = [{ code: "A1", n: 1 }, { code: "A1", n: 1 }, { code: "A2", n: 2 }];
    const result = cleanRows(rows, options({ deduplicate: false, outliers: "none", normalise_strings: false, cluster_keys: ["code"], apply_clusters: "all" }));
    expect(result.rows).toEqual(rows);
    expect(result.report).toEqual([]);
  });

  it("marks cells that do not fit a strongly typed column invalid, keeping them in the report", () => {
    const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({ n: String(i) }));
    rows.push({ n: "oops" });
    const result = cleanRows(rows, options());
    expect(result.columns).toEqual([{ name: "n", type: "integer" }]);
    expect(entriesOf(result, "invalid_value")).toEqual([{ row: 40, column: "n", action: "invalid_value", before: "oops", after: null, reason: "not a valid integer in a integer column" }]);
  });

  it("refuses cluster keys that name no column", () => {
    expect(() => cleanRows([{ a: 1 }], options({ cluster_keys: ["b"] }))).toThrow(CleanInputError);
  });
});
