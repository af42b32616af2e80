import { ANALYSES } from "../../../../../core/contracts/analysis-types";
import { FREE_PLAN_NAME, PLAN_CATALOGUE, UNLIMITED, type PlanDefinition } from "../../../../../core/plans";

export interface PlatformStat {
  value: string;
  label: string;
}

/**
 * The median engine time of a `trend` analysis over a 100,000-row JSON dataset, as measured in
 * docs/BENCHMARKS.md (platform-stats.test.ts reads it from there, so the two cannot drift apart).
 */
export const TREND_100K_ROWS_P50_MS = 26;

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** The statistics strip: facts of the product (its API, catalogue and measured speed), no invented figures. */
export function platformStats(catalogue: readonly PlanDefinition[] = PLAN_CATALOGUE): PlatformStat[] {
  const free = catalogue.find((plan) => plan.package_name === FREE_PLAN_NAME);
  const selfServe = catalogue.filter((plan) => !plan.contact_sales && plan.request_limit !== UNLIMITED);
  const largest = Math.max(...selfServe.map((plan) => plan.request_limit));
  return [
    { value: String(ANALYSES.length), label: "Kinds of analysis, from trends to clustering" },
    { value: `${TREND_100K_ROWS_P50_MS} ms`, label: "Median engine time of a trend over 100,000 rows" },
    ...(free && free.data_limit_bytes !== UNLIMITED ? [{ value: `${compact.format(free.data_limit_bytes / 1e9)} GB`, label: "Free data processing every month" }] : []),
    { value: compact.format(largest), label: "Requests a month on the largest self-serve plan" },
  ];
}
