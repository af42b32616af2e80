import { FREE_PLAN_NAME } from "../../core/plans.js";

/** The administrator's reading of an account's plan (SPEC.md section 4), pure. */

const DAY_MS = 86_400_000;
/** A package expiring within this many days (or already expired) is "Expiring Soon". */
export const EXPIRING_SOON_DAYS = 7;

export type AdminSubscriptionStatus = "none" | "active" | "expired";
export type AdminStatusBadge = "Expiring Soon" | "Active" | "Expired" | "Free Plan";

/**
 * SPEC "Subscription status per user (admin)": active if an active subscription exists; else
 * expired if the package expiry is in the past; else active if the package is not free/none and
 * has no expiry or a future one; else none.
 */
export function subscriptionStatus(input: { hasActiveSubscription: boolean; packageName: string | null; expiresAt: Date | null; now: Date }): AdminSubscriptionStatus {
  if (input.hasActiveSubscription) return "active";
  if (input.expiresAt && input.expiresAt <= input.now) return "expired";
  if (input.packageName && input.packageName !== FREE_PLAN_NAME) return "active";
  return "none";
}

/** SPEC "Admin Status badge": "Expiring Soon" within 7 days (past included); else Active, Expired or "Free Plan". */
export function statusBadge(input: { packageName: string | null; expiresAt: Date | null; now: Date }): AdminStatusBadge {
  const paid = input.packageName !== null && input.packageName !== FREE_PLAN_NAME;
  if (paid && input.expiresAt && input.expiresAt.getTime() - input.now.getTime() <= EXPIRING_SOON_DAYS * DAY_MS) return "Expiring Soon";
  if (!paid) return "Free Plan";
  return input.expiresAt && input.expiresAt <= input.now ? "Expired" : "Active";
}
