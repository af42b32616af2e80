import type { UsageDay } from "../../../../../core/contracts/usage";
import { ENDPOINT_CATEGORIES, type EndpointCategory } from "../../../../../core/metering/endpoint-categories";

/** The overview's requests-per-day chart: scale, stacked bars and the text that describes them. */

export const CATEGORY_LABELS: Record<EndpointCategory, string> = {
  "/api/data-processing": "Data processing",
  "/api/analytics": "Analytics",
  "/api/webhooks": "Webhooks",
  "/api/general": "General",
};

/** Gridlines the axis aims for; the step is rounded to 1, 2 or 5 times a power of ten. */
const TARGET_TICKS = 4;

/** A whole number of requests, 1, 2 or 5 times a power of ten, at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

export interface BarSegment {
  category: EndpointCategory;
  requests: number;
  /** Bottom and top of the segment as shares of the axis (0 is the baseline, 1 the axis maximum). */
  from: number;
  to: number;
}

export interface DayBar {
  date: string;
  total: number;
  /** Non-empty categories, bottom to top in ENDPOINT_CATEGORIES order. */
  segments: BarSegment[];
}

export interface UsageChartScale {
  /** The top of the axis: a multiple of `step`, at least the busiest day. */
  axisMax: number;
  step: number;
  /** 0, step, 2·step, ... axisMax. */
  ticks: number[];
  bars: DayBar[];
}

export function scaleUsageChart(days: readonly UsageDay[]): UsageChartScale {
  const busiest = Math.max(0, ...days.map((day) => day.total));
  const step = niceStep(busiest / TARGET_TICKS);
  const axisMax = Math.max(step, Math.ceil(busiest / step) * step);
  const ticks = Array.from({ length: axisMax / step + 1 }, (_, index) => index * step);
  const bars = days.map((day) => {
    let stacked = 0;
    const segments: BarSegment[] = [];
    for (const category of ENDPOINT_CATEGORIES) {
      const requests = day.requests[category] ?? 0;
      if (requests <= 0) continue;
      segments.push({ category, requests, from: stacked / axisMax, to: (stacked + requests) / axisMax });
      stacked += requests;
    }
    return { date: day.date, total: day.total, segments };
  });
  return { axisMax, step, ticks, bars };
}

export interface UsageTotals {
  total: number;
  byCategory: Record<EndpointCategory, number>;
  /** The day with the most requests (the latest of equals); null when there were none. */
  busiestDay: { date: string; total: number } | null;
}

export function totalUsage(days: readonly UsageDay[]): UsageTotals {
  const byCategory = Object.fromEntries(ENDPOINT_CATEGORIES.map((category) => [category, 0])) as Record<EndpointCategory, number>;
  let busiestDay: UsageTotals["busiestDay"] = null;
  let total = 0;
  for (const day of days) {
    total += day.total;
    for (const category of ENDPOINT_CATEGORIES) byCategory[category] += day.requests[category] ?? 0;
    if (day.total > 0 && (!busiestDay || day.total >= busiestDay.total)) busiestDay = { date: day.date, total: day.total };
  }
  return { total, byCategory, busiestDay };
}

const integer = new Intl.NumberFormat("en-US");
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Jun 3" for a UTC day "2025-06-03". */
export function formatDay(date: string): string {
  return shortDay.format(new Date(`${date}T00:00:00Z`));
}

/** What a screen reader hears for the chart (role="img"). */
export function describeUsage(days: readonly UsageDay[]): string {
  const { total, byCategory, busiestDay } = totalUsage(days);
  const span = `the last ${days.length} ${days.length === 1 ? "day" : "days"}`;
  if (!busiestDay) return `No requests in ${span}.`;
  const parts = ENDPOINT_CATEGORIES.map((category) => `${CATEGORY_LABELS[category]} ${integer.format(byCategory[category])}`).join(", ");
  return `${integer.format(total)} requests in ${span}, most on ${formatDay(busiestDay.date)} (${integer.format(busiestDay.total)}). ${parts}.`;
}
