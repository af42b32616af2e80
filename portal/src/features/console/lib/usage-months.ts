import { ENDPOINT_CATEGORIES, type EndpointCategory } from "../../../../../core/metering/endpoint-categories";
import type { UsageDay } from "../../../../../core/contracts/usage";

/** The usage export's month choices and this month's totals, all in UTC like the server's `api_usage` days. */

/** How many months the export offers: this one and the previous 11. */
export const EXPORT_MONTH_COUNT = 12;

const monthLabel = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export interface MonthOption {
  /** YYYY-MM, as GET /api/usage/export takes it. */
  value: string;
  /** "November 2026". */
  label: string;
}

/** "2026-11" for a date, in UTC. */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** This month first, then the previous ones, newest to oldest. */
export function exportMonths(now: Date, count = EXPORT_MONTH_COUNT): MonthOption[] {
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return { value: monthKey(first), label: monthLabel.format(first) };
  });
}

/** Reading names of the metering categories (DESIGN.md section 4). */
export const CATEGORY_LABELS: Record<EndpointCategory, string> = {
  "/api/data-processing": "Data processing",
  "/api/analytics": "Analytics",
  "/api/webhooks": "Webhooks",
  "/api/general": "General",
};

export interface CategoryTotal {
  category: EndpointCategory;
  label: string;
  requests: number;
}

/** Requests per category over the days of `month` (YYYY-MM), every category listed, in the contract's order. */
export function monthTotals(days: readonly UsageDay[], month: string): { rows: CategoryTotal[]; total: number } {
  const inMonth = days.filter((day) => day.date.startsWith(`${month}-`));
  const rows = ENDPOINT_CATEGORIES.map((category) => ({
    category,
    label: CATEGORY_LABELS[category],
    requests: inMonth.reduce((sum, day) => sum + (day.requests[category] ?? 0), 0),
  }));
  return { rows, total: rows.reduce((sum, row) => sum + row.requests, 0) };
}

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`), or `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const name = match?.[1] ? decodeURIComponent(match[1]).trim() : "";
  return name === "" || /[\\/]/.test(name) ? fallback : name;
}
