/** The API Usage column and the Add API Usage form's figures (SPEC sections 5 and 9). */

export type UsageTone = "red" | "yellow" | "normal";

/** Share of the allowance used, 0 to 100 (capped); null when unlimited. A zero allowance counts as full. */
export function usagePercent(usage: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(100, (usage / limit) * 100);
}

/** SPEC: the bar is red over 90 % of the limit, yellow over 70 %, else normal. */
export function usageTone(usage: number, limit: number | null): UsageTone {
  const percent = usagePercent(usage, limit);
  if (percent === null) return "normal";
  if (percent > 90) return "red";
  if (percent > 70) return "yellow";
  return "normal";
}

/** What is left of the allowance (never below 0); null when unlimited. */
export function remainingRequests(usage: number, limit: number | null): number | null {
  return limit === null ? null : Math.max(0, limit - usage);
}

/** SPEC: the non-blocking warning shows when the count is above the user's limit, only if that limit is positive. */
export function exceedsLimit(count: number, limit: number | null): boolean {
  return limit !== null && limit > 0 && Number.isFinite(count) && count > limit;
}

export const EXCEEDS_LIMIT_WARNING = "This count exceeds the user's daily limit";

const integer = new Intl.NumberFormat("en-US");

export function formatCount(value: number): string {
  return integer.format(value);
}

/** "100,000", or "Unlimited" when there is no limit. */
export function formatLimit(limit: number | null): string {
  return limit === null ? "Unlimited" : integer.format(limit);
}
