import { ANALYSES } from "../../../../../core/contracts/analysis-types";
import { FREE_PLAN_NAME, PLAN_CATALOGUE, UNLIMITED, type PlanDefinition } from "../../../../../core/plans";

export interface PlatformStat {
  value: string;
  label: string;
}

/**
 * The median CPU time (engine and its DuckDB workers) of a `trend` analysis over a 1,000,000-row
 * dataset, as measured in docs/BENCHMARKS.md (platform-stats.test.ts reads it from there, so the
 * two cannot drift apart). CPU, not wall-clock: the bench machine is shared.
 */
export const TREND_1M_ROWS_CPU_MS = 130;

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** The statistics strip: facts of the product (its API, catalogue and measured speed), no invented figures. */
export function platformStats(catalogue: readonly PlanDefinition[] = PLAN_CATALOGUE): PlatformStat[] {
  const free = catalogue.find((plan) => plan.package_name === FREE_PLAN_NAME);
  const selfServe = catalogue.filter((plan) => !plan.contact_sales && plan.request_limit !== UNLIMITED);
  const largest = Math.max(...selfServe.map((plan) => plan.request_limit));
  return [
    { value: String(ANALYSES.length), label: "Kinds of analysis, from trends to clustering" },
    { value: `${TREND_1M_ROWS_CPU_MS} ms`, label: "Median CPU time of a trend over 1,000,000 rows" },
    ...(free && free.data_limit_bytes !== UNLIMITED ? [{ value: `${compact.format(free.data_limit_bytes / 1e9)}GB`, label: "Free data processing every month" }] : []),
    { value: compact.format(largest), label: "Requests a month on the largest self-serve plan" },
  ];
}
