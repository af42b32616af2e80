import { z } from "zod";
import { BillingPeriodSchema } from "./checkout.js";

/** The signed-in user's billing overview (`GET /api/billing`), shared by the gateway and the portal. Money in integer US cents. */

/** Usage at or above this share of the monthly allowance is "near the limit". */
export const NEAR_LIMIT_PERCENT = 95;
/** Billing history rows shown to a user. */
export const BILLING_HISTORY_LIMIT = 10;

/**
 * `active`: a paid plan is running (possibly `overdue`: past its expiry, within the grace days
 * before the account returns to free); `expired`: the last plan ran out; `none`: never paid.
 */
export const SubscriptionStatusSchema = z.enum(["none", "active", "expired"]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const BillingSubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  /** package_name of the catalogue; null when there is no plan. */
  plan: z.string().nullable(),
  plan_display_name: z.string().nullable(),
  /** Null for a plan assigned without a payment period (by an administrator). */
  period: BillingPeriodSchema.nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** ISO timestamps (UTC). */
  next_billing_date: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The expiry has passed. */
  overdue: z.boolean(),
  /** ISO timestamps of the paid period in force now (not a renewal paid after it); null without one. */
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
});
export type BillingSubscription = z.infer<typeof BillingSubscriptionSchema>;

/** An account that has never paid. */
export const NO_SUBSCRIPTION: BillingSubscription = {
  status: "none",
  plan: null,
  plan_display_name: null,
  period: null,
  amount: null,
  currency: null,
  next_billing_date: null,
  expires_at: null,
  overdue: false,
  current_period_start: null,
  current_period_end: null,
};

/** A paid plan that starts when the current period ends (a downgrade). */
export const ScheduledChangeSchema = z.object({
  plan: z.string(),
  plan_display_name: z.string(),
  period: BillingPeriodSchema,
  /** ISO timestamps of the period it was paid for. */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type ScheduledChange = z.infer<typeof ScheduledChangeSchema>;

export const BillingUsageSchema = z.object({
  /** Live requests this calendar month (UTC). */
  requests_used: z.number().int(),
  /** The package's monthly allowance; null is unlimited. */
  requests_limit: z.number().int().nullable(),
  near_limit: z.boolean(),
  /** First day of next month (UTC), when the quota resets. */
  reset_date: z.string(),
});
export type BillingUsage = z.infer<typeof BillingUsageSchema>;

/** A billing row's stored status. */
export const BillingHistoryStatusSchema = z.enum(["pending", "completed", "failed", "cancelled", "refunded"]);
/** What the customer is shown: the stored status, or "review" while an administrator has not decided about a flagged payment. */
export const PaymentDisplayStatusSchema = z.enum([...BillingHistoryStatusSchema.options, "review"]);
export type PaymentDisplayStatus = z.infer<typeof PaymentDisplayStatusSchema>;

export const BillingHistoryEntrySchema = z.object({
  id: z.string(),
  status: PaymentDisplayStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  /** ISO timestamp of the billing date. */
  date: z.string(),
  /** The invoice number, else the order's reference, else "#" and the first 8 characters of the id. */
  invoice: z.string(),
  plan: z.string().nullable(),
  period: BillingPeriodSchema.nullable(),
  payment_method: z.string().nullable(),
});
export type BillingHistoryEntry = z.infer<typeof BillingHistoryEntrySchema>;

/** Paid periods shown, newest payment first. */
export const TIMELINE_LIMIT = 24;

/**
 * Where a paid period stands: `current` runs now, `upcoming` is paid and follows, `past` has run,
 * `credited` was cut whole by an upgrade (its value was the upgrade's credit), `removed` was taken
 * off by a reversal or refund.
 */
export const PaidPeriodStateSchema = z.enum(["current", "upcoming", "past", "credited", "removed"]);
export type PaidPeriodState = z.infer<typeof PaidPeriodStateSchema>;

/** One payment's period on the account's timeline (decision 0026). */
export const PaidPeriodSchema = z.object({
  /** The billing row that paid for it, and its invoice label. */
  billing_id: z.string(),
  invoice: z.string(),
  plan: z.string(),
  plan_display_name: z.string(),
  period: BillingPeriodSchema.nullable(),
  state: PaidPeriodStateSchema,
  /** ISO timestamps. */
  paid_at: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  removed_at: z.string().nullable(),
  removal_reason: z.string().nullable(),
});
export type PaidPeriod = z.infer<typeof PaidPeriodSchema>;

/** An account's timeline as an administrator sees it (`GET /api/admin/users/{id}/timeline`). */
export const AccountTimelineSchema = z.object({ user_id: z.string(), email: z.string(), timeline: z.array(PaidPeriodSchema) });
export type AccountTimeline = z.infer<typeof AccountTimelineSchema>;

export const BillingOverviewSchema = z.object({
  subscription: BillingSubscriptionSchema,
  scheduled_change: ScheduledChangeSchema.nullable(),
  usage: BillingUsageSchema,
  /** Newest first, at most BILLING_HISTORY_LIMIT rows. */
  history: z.array(BillingHistoryEntrySchema),
  /** The paid periods, in the order they run (removed ones last), at most TIMELINE_LIMIT. */
  timeline: z.array(PaidPeriodSchema),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;
