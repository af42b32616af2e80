import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLAN_CATALOGUE } from "../../../../../core/plans";
import { TREND_1M_ROWS_CPU_MS, platformStats } from "./platform-stats";

describe("platformStats", () => {
  it("states the analysis kinds, the measured speed, the free allowance and the largest self-serve plan", () => {
    expect(platformStats().map((stat) => stat.value)).toEqual(["6", "130 ms", "10GB", "2.5M"]);
  });

  it("follows the plan catalogue", () => {
    const catalogue = PLAN_CATALOGUE.map((plan) =>
      plan.package_name === "free" ? { ...plan, data_limit_bytes: 20e9 } : plan.package_name === "professional_2500000" ? { ...plan, contact_sales: true } : plan,
    );
    expect(platformStats(catalogue).map((stat) => stat.value)).toEqual(["6", "130 ms", "20GB", "1M"]);
  });

  it("quotes the median CPU time docs/BENCHMARKS.md measured for a trend over 1,000,000 rows", () => {
    const benchmarks = readFileSync(new URL("../../../../../docs/BENCHMARKS.md", import.meta.url), "utf8");
    const row = benchmarks.split("\n").find((line) => line.startsWith("| 1e6-row CSV, trend |"));
    const cpuMs = row?.match(/^\|[^|]+\|\s*(\d+)\s*\(/)?.[1];
    expect(Number(cpuMs)).toBe(TREND_1M_ROWS_CPU_MS);
  });
});
