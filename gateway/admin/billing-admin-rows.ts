import { ADMIN_BILLING_LIMIT, REFUND_WINDOW_DAYS, type AdminBillingEntry, type AdminBillingFilter, type AdminBillingList } from "../../core/contracts/admin-billing.js";
import { BillingHistoryStatusSchema } from "../../core/contracts/billing.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import { isInReview } from "../../core/payments/order-review.js";
import { BILLING_PERIODS, type BillingPeriod } from "../../core/plans.js";
import { paymentLabel } from "../payments/billing-terms.js";
import type { PaymentDeps } from "../payments/payment-deps.js";

/** The administrator's view of billing_history: its rows with their order (reference, review), as listed, exported and acted on. */

export const DAY_MS = 86_400_000;

export interface BillingRow {
  id: string;
  user_id: string;
  user_email: string | null;
  amount: number;
  currency: string;
  status: string;
  billing_date: Date;
  invoice_number: string | null;
  payment_method: string | null;
  package_name: string | null;
  billing_period: string | null;
  payment_order_id: string | null;
  metadata: unknown;
  confirmation_code: string | null;
  merchant_reference: string | null;
  flagged_at: Date | null;
  flag_reason: string | null;
  review_resolved_at: Date | null;
}

export function selectRows(db: Database) {
  return db
    .selectFrom("billing_history as b")
    .leftJoin("users as u", "u.id", "b.user_id")
    .leftJoin("payment_orders as o", "o.id", "b.payment_order_id")
    .select([
      "b.id", "b.user_id", "u.email as user_email", "b.amount", "b.currency", "b.status", "b.billing_date", "b.invoice_number",
      "b.payment_method", "b.package_name", "b.billing_period", "b.payment_order_id", "b.metadata", "o.confirmation_code",
      "o.merchant_reference", "o.flagged_at", "o.flag_reason", "o.review_resolved_at",
    ]);
}

export const periodOf = (value: string | null): BillingPeriod | null => BILLING_PERIODS.find((p) => p === value) ?? null;
export const metadataOf = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Why the row's payment waits for an administrator, or null. */
export function reviewReasonOf(row: Pick<BillingRow, "flagged_at" | "flag_reason" | "review_resolved_at">): string | null {
  return isInReview(row) ? (row.flag_reason ?? "flagged for review") : null;
}

function isRefundable(row: BillingRow, now: Date): boolean {
  return row.status === "completed" && row.confirmation_code !== null && now.getTime() - row.billing_date.getTime() <= REFUND_WINDOW_DAYS * DAY_MS;
}

export function serialize(row: BillingRow, now: Date): AdminBillingEntry {
  return {
    id: row.id,
    user_id: row.user_id,
    user_email: row.user_email,
    amount: Number(row.amount),
    currency: row.currency,
    // The table's check constraint allows exactly these.
    status: BillingHistoryStatusSchema.parse(row.status),
    date: row.billing_date.toISOString(),
    invoice: paymentLabel(row),
    invoice_number: row.invoice_number,
    plan: row.package_name,
    period: periodOf(row.billing_period),
    payment_method: row.payment_method,
    processed: metadataOf(row.metadata).subscription_activated === true,
    refundable: isRefundable(row, now),
    review_reason: reviewReasonOf(row),
  };
}

export async function listAdminBilling(deps: Pick<PaymentDeps, "db" | "now">, filter: { status?: AdminBillingFilter | undefined }): Promise<AdminBillingList> {
  let query = selectRows(deps.db).orderBy("b.billing_date", "desc").orderBy("b.id", "desc").limit(ADMIN_BILLING_LIMIT);
  if (filter.status === "review") query = query.where("o.flagged_at", "is not", null).where("o.review_resolved_at", "is", null);
  else if (filter.status) query = query.where("b.status", "=", filter.status);
  const [rows, counts] = await Promise.all([
    query.execute(),
    deps.db
      .selectFrom("billing_history as b")
      .leftJoin("payment_orders as o", "o.id", "b.payment_order_id")
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere("b.status", "=", "pending").as("pending"),
        eb.fn.countAll<string>().filterWhere((w) => w.and([w("o.flagged_at", "is not", null), w("o.review_resolved_at", "is", null)])).as("review"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const now = deps.now();
  return { entries: rows.map((row) => serialize(row, now)), pending_count: Number(counts.pending), review_count: Number(counts.review) };
}

/** All billing history as CSV rows (newest first), for the administrator's records. */
export async function adminBillingRows(deps: Pick<PaymentDeps, "db" | "now">): Promise<Array<Array<string | number>>> {
  const rows = await selectRows(deps.db).orderBy("b.billing_date", "desc").orderBy("b.id", "desc").execute();
  const now = deps.now();
  const header = ["id", "user_id", "user_email", "amount_cents", "currency", "status", "date", "invoice", "plan", "period", "payment_method", "processed", "review_reason"];
  return [
    header,
    ...rows.map((row) => {
      const entry = serialize(row, now);
      return [
        entry.id, entry.user_id, entry.user_email ?? "", entry.amount, entry.currency, entry.status, entry.date, entry.invoice,
        entry.plan ?? "", entry.period ?? "", entry.payment_method ?? "", entry.processed ? "yes" : "no", entry.review_reason ?? "",
      ];
    }),
  ];
}

export async function lockRow(trx: Database, billingId: string): Promise<BillingRow> {
  // Lock the billing row itself (the joins are only read).
  const locked = await trx.selectFrom("billing_history").select("id").where("id", "=", billingId).forUpdate().executeTakeFirst();
  if (!locked) throw new AppError("NOT_FOUND", "No billing record has this id.");
  return selectRows(trx).where("b.id", "=", billingId).executeTakeFirstOrThrow();
}
