import { describe, expect, it } from "vitest";
import { CleanOptionsSchema } from "../../../core/contracts/analytics.js";
import type { Row } from "./clean-report.js";
import { cleanRows } from "./clean-rows.js";
import { parseNumeric } from "./value-parsing.js";

const clean = (rows: Row[], overrides: Record<string, unknown> = {}) => cleanRows(rows, CleanOptionsSchema.parse({ outliers: "none", ...overrides }));
const column = (rows: Row[], name: string) => rows.map((row) => row[name]);

describe("identifier-like columns", () => {
  it("keep ZIP codes with leading zeros as text and say so once", () => {
    const rows = [{ zip: "02134" }, { zip: "10001" }, { zip: "945" }];
    const result = clean(rows);
    expect(result.rows).toEqual(rows);
    expect(result.columns).toEqual([{ name: "zip", type: "string" }]);
    expect(result.report).toEqual([
      { row: 0, column: "zip", action: "keep_text", before: "02134", after: "02134", reason: "kept as text: leading zeros (an identifier such as a ZIP code or account number)" },
    ]);
  });

  it("keep fixed-width digit strings, phone numbers and over-long digit strings as text", () => {
    expect(clean([{ account: "12345678" }, { account: "87654321" }]).report[0]?.reason).toBe("kept as text: fixed-width digit strings (8 digits each, an identifier such as a ZIP code)");
    expect(clean([{ phone: "+254 712 345 678" }, { phone: "+1 212 555 0100" }]).rows).toEqual([{ phone: "+254 712 345 678" }, { phone: "+1 212 555 0100" }]);
    expect(clean([{ card: "12345678901234567890" }, { card: "42" }]).columns).toEqual([{ name: "card", type: "string" }]);
  });

  it("still read quantities written as text as numbers", () => {
    const result = clean([{ n: "1200" }, { n: "35" }, { n: "0" }, { n: "0.5" }]);
    expect(column(result.rows, "n")).toEqual([1200, 35, 0, 0.5]);
    expect(result.report.map((entry) => entry.action)).toEqual(["convert_type", "convert_type", "convert_type", "convert_type"]);
  });
});

describe("decimal separators", () => {
  it("read a column written with decimal commas and report each conversion", () => {
    const result = clean([{ price: "1.234,56" }, { price: "3,5" }, { price: "12" }, { price: "12,5%" }]);
    expect(column(result.rows, "price")).toEqual([1234.56, 3.5, 12, 0.125]);
    expect(result.report[0]).toEqual({ row: 0, column: "price", action: "convert_type", before: "1.234,56", after: 1234.56, reason: "thousands separators removed; decimal comma read as a point" });
    expect(result.report.filter((entry) => entry.action === "flag_ambiguous_number")).toEqual([]);
  });

  it("flag a column whose numbers read both ways instead of guessing silently", () => {
    const result = clean([{ n: "1,234" }, { n: "5,000" }]);
    expect(column(result.rows, "n")).toEqual([1234, 5000]);
    expect(result.report.filter((entry) => entry.action === "flag_ambiguous_number")).toEqual([
      {
        row: 0,
        column: "n",
        action: "flag_ambiguous_number",
        before: "1,234",
        after: "1,234",
        reason: '"1,234" reads as 1234 with a decimal point and as 1.234 with a decimal comma; the column was read with a decimal point (set decimal_separator to "," for the other)',
      },
    ]);
  });

  it("let the other cells of the column settle an ambiguous one, or the option", () => {
    expect(column(clean([{ n: "1,234" }, { n: "2,5" }]).rows, "n")).toEqual([1.234, 2.5]);
    expect(column(clean([{ n: "1,234" }, { n: "2.5" }]).rows, "n")).toEqual([1234, 2.5]);
    const set = clean([{ n: "1,234" }, { n: "5,000" }], { decimal_separator: "," });
    expect(column(set.rows, "n")).toEqual([1.234, 5]);
    expect(set.report.map((entry) => entry.action)).toEqual(["convert_type", "convert_type"]);
  });

  it("parse European forms with a decimal comma", () => {
    expect(parseNumeric("1 234,5 €", ",")?.value).toBe(1234.5);
    expect(parseNumeric("1\u202f234,5", ",")?.value).toBe(1234.5);
    expect(parseNumeric("1.5", ",")).toBeNull();
    expect(parseNumeric("3,5", ".")).toBeNull();
  });
});

describe("day order of slashed dates", () => {
  it("flags a column whose dates fit both DD/MM and MM/DD and keeps it as text", () => {
    const rows = [{ d: "03/04/2024" }, { d: "05/06/2024" }];
    const result = clean(rows);
    expect(result.rows).toEqual(rows);
    expect(result.columns).toEqual([{ name: "d", type: "string" }]);
    expect(result.report).toEqual([
      { row: 0, column: "d", action: "flag_ambiguous_date", before: "03/04/2024", after: "03/04/2024", reason: 'dates such as "03/04/2024" fit both DD/MM and MM/DD; kept as text (set day_order to "dmy" or "mdy" to read them)' },
    ]);
  });

  it("flags a column that mixes both orders", () => {
    const result = clean([{ d: "25/12/2024" }, { d: "12/25/2024" }]);
    expect(result.rows).toEqual([{ d: "25/12/2024" }, { d: "12/25/2024" }]);
    expect(result.report.map((entry) => entry.action)).toEqual(["flag_ambiguous_date"]);
  });

  it("reads the dates in the order asked for, or when no date can be read two ways", () => {
    expect(column(clean([{ d: "03/04/2024" }, { d: "05/06/2024" }], { day_order: "dmy" }).rows, "d")).toEqual(["2024-04-03", "2024-06-05"]);
    expect(column(clean([{ d: "01/01/2024" }, { d: "2024-02-03" }]).rows, "d")).toEqual(["2024-01-01", "2024-02-03"]);
    expect(column(clean([{ d: "03/04/2024" }, { d: "12/25/2024" }]).rows, "d")).toEqual(["2024-03-04", "2024-12-25"]);
  });
});

describe("non-finite numbers", () => {
  it("become null in a numeric column that stays numeric, each reported", () => {
    const result = clean([{ x: "1" }, { x: "2" }, { x: "Infinity" }, { x: Number.NEGATIVE_INFINITY }, { x: "-inf" }], { deduplicate: false });
    expect(result.columns).toEqual([{ name: "x", type: "integer" }]);
    expect(column(result.rows, "x")).toEqual([1, 2, null, null, null]);
    expect(result.report.filter((entry) => entry.action === "replace_non_finite")).toEqual([
      { row: 2, column: "x", action: "replace_non_finite", before: "Infinity", after: null, reason: "non-finite number Infinity set to null (the column stays numeric)" },
      { row: 3, column: "x", action: "replace_non_finite", before: Number.NEGATIVE_INFINITY, after: null, reason: "non-finite number -Infinity set to null (the column stays numeric)" },
      { row: 4, column: "x", action: "replace_non_finite", before: "-inf", after: null, reason: "non-finite number -inf set to null (the column stays numeric)" },
    ]);
  });

  it("can then be imputed like any missing value, and stay text in a text column", () => {
    expect(column(clean([{ x: 1 }, { x: 3 }, { x: "inf" }], { impute: "median" }).rows, "x")).toEqual([1, 3, 2]);
    expect(clean([{ s: "Infinity" }, { s: "beyond" }]).rows).toEqual([{ s: "Infinity" }, { s: "beyond" }]);
  });
});
