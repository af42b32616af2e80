import { describe, expect, it } from "vitest";
import { countryOptions } from "./countries";

describe("the checkout country list", () => {
  const options = countryOptions();

  it("offers every current ISO 3166-1 country once, and no withdrawn code", () => {
    expect(options).toHaveLength(249);
    expect(new Set(options.map((option) => option.label)).size).toBe(options.length);
    const codes = options.map((option) => option.value);
    for (const withdrawn of ["DD", "CS", "YU", "UK", "SU", "ZR", "TP", "AN", "BU", "EU"]) expect(codes, withdrawn).not.toContain(withdrawn);
    expect(options.filter((option) => option.label === "Germany")).toEqual([{ value: "DE", label: "Germany" }]);
    expect(options.find((option) => option.value === "US")?.label).toBe("United States");
  });

  it("is sorted by name", () => {
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
  });
});
