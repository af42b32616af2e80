import { TIMELINE_LIMIT, type PaidPeriod, type PaidPeriodState } from "../../core/contracts/billing.js";
import type { Database } from "../../core/db/client.js";
import { BILLING_PERIODS } from "../../core/plans.js";
import { paymentLabel } from "../payments/billing-terms.js";

/** An account's timeline of paid periods as the customer's billing section and the administrator see it (decision 0026). */

interface TimelineRow {
  billing_history_id: string;
  invoice_number: string | null;
  merchant_reference: string | null;
  plan_name: string;
  display_name: string;
  billing_period: string | null;
  paid_at: Date;
  starts_at: Date;
  ends_at: Date;
  removed_at: Date | null;
  removal_reason: string | null;
}

function stateOfPeriod(row: Pick<TimelineRow, "starts_at" | "ends_at" | "removed_at">, now: Date): PaidPeriodState {
  if (row.removed_at) return "removed";
  if (row.ends_at.getTime() === row.starts_at.getTime()) return "credited";
  if (row.ends_at <= now) return "past";
  return row.starts_at <= now ? "current" : "upcoming";
}

/** The newest TIMELINE_LIMIT payments' periods, shown in the order they run, removed ones last. */
export async function listTimeline(db: Database, userId: string, now: Date): Promise<PaidPeriod[]> {
  const rows = await db
    .selectFrom("paid_periods as p")
    .innerJoin("billing_history as b", "b.id", "p.billing_history_id")
    .innerJoin("package_definitions as d", "d.package_name", "p.plan_name")
    .leftJoin("payment_orders as o", "o.id", "b.payment_order_id")
    .select(["p.billing_history_id", "b.invoice_number", "o.merchant_reference", "p.plan_name", "d.display_name", "p.billing_period", "p.paid_at", "p.starts_at", "p.ends_at", "p.removed_at", "p.removal_reason"])
    .where("p.user_id", "=", userId)
    .orderBy("p.paid_at", "desc")
    .orderBy("p.id", "desc")
    .limit(TIMELINE_LIMIT)
    .execute();
  const ordered = [...rows].sort((a, b) => Number(a.removed_at !== null) - Number(b.removed_at !== null) || a.starts_at.getTime() - b.starts_at.getTime() || a.paid_at.getTime() - b.paid_at.getTime());
  return ordered.map((row: TimelineRow) => ({
    billing_id: row.billing_history_id,
    invoice: paymentLabel({ id: row.billing_history_id, invoice_number: row.invoice_number, merchant_reference: row.merchant_reference }),
    plan: row.plan_name,
    plan_display_name: row.display_name,
    period: BILLING_PERIODS.find((p) => p === row.billing_period) ?? null,
    state: stateOfPeriod(row, now),
    paid_at: row.paid_at.toISOString(),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    removed_at: row.removed_at?.toISOString() ?? null,
    removal_reason: row.removal_reason,
  }));
}
