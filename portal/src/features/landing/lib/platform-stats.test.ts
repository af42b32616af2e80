import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLAN_CATALOGUE } from "../../../../../core/plans";
import { TREND_100K_ROWS_P50_MS, platformStats } from "./platform-stats";

describe("platformStats", () => {
  it("states the analysis kinds, the measured speed, the free allowance and the largest self-serve plan", () => {
    expect(platformStats().map((stat) => stat.value)).toEqual(["6", "26 ms", "10 GB", "2.5M"]);
  });

  it("follows the plan catalogue", () => {
    const catalogue = PLAN_CATALOGUE.map((plan) =>
      plan.package_name === "free" ? { ...plan, data_limit_bytes: 20e9 } : plan.package_name === "professional_2500000" ? { ...plan, contact_sales: true } : plan,
    );
    expect(platformStats(catalogue).map((stat) => stat.value)).toEqual(["6", "26 ms", "20 GB", "1M"]);
  });

  it("quotes the median engine time docs/BENCHMARKS.md measured for a trend over 100,000 JSON rows", () => {
    const benchmarks = readFileSync(new URL("../../../../../docs/BENCHMARKS.md", import.meta.url), "utf8");
    const row = benchmarks.split("\n").find((line) => line.startsWith("| 1e5-row JSON, `trend` |"));
    const p50 = row?.match(/^\|[^|]+\|\s*(\d+)\s*\//)?.[1];
    expect(Number(p50)).toBe(TREND_100K_ROWS_P50_MS);
  });
});
