import { describe, expect, it } from "vitest";
import { formatCompactJson } from "./compact-json";

describe("formatCompactJson", () => {
  const value = {
    id: "an_1",
    rows: [{ date: "2026-03-01", revenue: 1200 }, { date: "2026-03-02", revenue: 1350 }],
    numbers: [1, 2, 3],
    nested: { empty: [], none: {}, flag: true, missing: null },
  };

  it("keeps arrays and objects of plain values on one line and still parses back to the same value", () => {
    const text = formatCompactJson(value);
    expect(text).toBe(
      [
        "{",
        '  "id": "an_1",',
        '  "rows": [',
        '    { "date": "2026-03-01", "revenue": 1200 },',
        '    { "date": "2026-03-02", "revenue": 1350 }',
        "  ],",
        '  "numbers": [1, 2, 3],',
        '  "nested": { "empty": [], "none": {}, "flag": true, "missing": null }',
        "}",
      ].join("\n"),
    );
    expect(JSON.parse(text)).toEqual(value);
  });

  it("fills the lines of an array too long for one line, and puts each field of a long object on its own", () => {
    const text = formatCompactJson({ values: ["aaaa", "bbbb", "cccc"], row: { name: "aaaa", size: 1234 } }, { lineWidth: 24 });
    expect(text).toBe(['{', '  "values": [', '    "aaaa", "bbbb",', '    "cccc"', "  ],", '  "row": {', '    "name": "aaaa",', '    "size": 1234', "  }", "}"].join("\n"));
    expect(JSON.parse(text)).toEqual({ values: ["aaaa", "bbbb", "cccc"], row: { name: "aaaa", size: 1234 } });
  });

  it("rounds numbers to the given decimals for display", () => {
    expect(formatCompactJson({ r2: 0.9283485594040024, n: 7 }, { maxDecimals: 4 })).toBe('{ "r2": 0.9283, "n": 7 }');
  });

  it("refuses what JSON cannot hold", () => {
    expect(() => formatCompactJson({ run: () => undefined })).toThrow(TypeError);
  });
});
