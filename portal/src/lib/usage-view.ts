import type { BillingUsage } from "../../../core/contracts/billing";

/** This month's requests against the plan's quota, as the billing section and the overview show them. */

const integer = new Intl.NumberFormat("en-US");

export interface UsageView {
  used: string;
  /** "100,000", or "Unlimited". */
  limit: string;
  /** 0 to 100 (rounded down), null when unlimited. */
  percent: number | null;
  nearLimit: boolean;
}

export function usageView(usage: BillingUsage): UsageView {
  const { requests_used: used, requests_limit: limit } = usage;
  const percent = limit === null ? null : limit <= 0 ? 100 : Math.min(100, Math.floor((used / limit) * 100));
  return { used: integer.format(used), limit: limit === null ? "Unlimited" : integer.format(limit), percent, nearLimit: usage.near_limit };
}

export const NEAR_LIMIT_WARNING = "You have used 95% or more of this month's requests. Upgrade to avoid interruptions.";
