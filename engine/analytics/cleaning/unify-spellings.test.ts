import { describe, expect, it } from "vitest";
import { CleanOptionsSchema } from "../../../core/contracts/analytics.js";
import type { Row } from "./clean-report.js";
import { cleanRows } from "./clean-rows.js";
import { clusterKeys } from "./key-clustering.js";

const people = (...names: string[]): Row[] => names.map((name) => ({ name }));
const clean = (rows: Row[], overrides: Record<string, unknown> = {}) =>
  cleanRows(rows, CleanOptionsSchema.parse({ deduplicate: false, outliers: "none", cluster_keys: ["name"], ...overrides }));
const names = (result: ReturnType<typeof clean>) => result.rows.map((row) => row.name);
const entriesOf = (result: ReturnType<typeof clean>, action: string) => result.report.filter((entry) => entry.action === action);

describe("key clustering by default", () => {
  it("applies merges that differ only in punctuation or word order", () => {
    const result = clean(people("New York", "New York", "York, New"));
    expect(names(result)).toEqual(["New York", "New York", "New York"]);
    expect(entriesOf(result, "merge_cluster")).toEqual([
      { row: 2, column: "name", action: "merge_cluster", before: "York, New", after: "New York", reason: 'same key as "New York" (fingerprint)' },
    ]);
  });

  it("only suggests fuzzy merges such as Jan Smith into John Smith", () => {
    const result = clean(people("John Smith", "John Smith", "Jan Smith"));
    expect(names(result)).toEqual(["John Smith", "John Smith", "Jan Smith"]);
    expect(entriesOf(result, "merge_cluster")).toEqual([]);
    expect(entriesOf(result, "suggest_merge")).toEqual([
      {
        row: 2,
        column: "name",
        action: "suggest_merge",
        before: "Jan Smith",
        after: "Jan Smith",
        suggestion: "John Smith",
        reason: 'may be "John Smith" (levenshtein); not applied: apply_clusters is "fingerprint"',
      },
    ]);
  });

  it("applies fuzzy merges when asked to", () => {
    const result = clean(people("John Smith", "John Smith", "Jan Smith"), { apply_clusters: "all" });
    expect(names(result)).toEqual(["John Smith", "John Smith", "John Smith"]);
    expect(entriesOf(result, "suggest_merge")).toEqual([]);
  });

  it("applies nothing with apply_clusters none, suggesting even fingerprint merges", () => {
    const result = clean(people("New York", "New York", "York, New"), { apply_clusters: "none" });
    expect(names(result)).toEqual(["New York", "New York", "York, New"]);
    expect(entriesOf(result, "suggest_merge")).toMatchObject([{ row: 2, suggestion: "New York", reason: 'may be "New York" (fingerprint); not applied: apply_clusters is "none"' }]);
  });
});

describe("spellings that are never one thing", () => {
  it("keeps inactive apart from active, even with every merge applied", () => {
    const result = clean(people("active", "active", "active", "inactive", "unlisted", "listed"), { apply_clusters: "all" });
    expect(names(result)).toEqual(["active", "active", "active", "inactive", "unlisted", "listed"]);
    expect(result.report).toEqual([]);
  });

  it("keeps names that differ in their numbers apart", () => {
    expect(clusterKeys(new Map([["Route 66", 2], ["Route 67", 1], ["Flat 12B", 1], ["Flat 13B", 1]])).size).toBe(0);
  });
});

describe("merges over several methods", () => {
  it("names the method that joined a value to its canonical spelling, not an earlier one", () => {
    const merges = clusterKeys(new Map([["Bostn", 1], ["Bostn.", 1], ["Boston", 3]]));
    expect(merges.get("Bostn.")).toEqual({ canonical: "Boston", method: "levenshtein" });
    expect(clusterKeys(new Map([["Bostn", 1], ["Bostn.", 1], ["Boston", 3]]), ["fingerprint"]).get("Bostn.")).toEqual({ canonical: "Bostn", method: "fingerprint" });
  });

  it("applies the fingerprint step and suggests the rest", () => {
    const result = clean(people("Boston", "Boston", "Boston", "Bostn", "Bostn."), { normalise_strings: false });
    expect(names(result)).toEqual(["Boston", "Boston", "Boston", "Bostn", "Bostn"]);
    expect(entriesOf(result, "merge_cluster")).toMatchObject([{ row: 4, before: "Bostn.", after: "Bostn" }]);
    expect(entriesOf(result, "suggest_merge")).toMatchObject([
      { row: 3, before: "Bostn", suggestion: "Boston" },
      { row: 4, before: "Bostn", after: "Bostn", suggestion: "Boston" },
    ]);
  });
});
