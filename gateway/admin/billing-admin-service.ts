import { sql } from "kysely";
import { REFUND_WINDOW_DAYS, type AdminBillingAction } from "../../core/contracts/admin-billing.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import { addPaidPeriod, currentPackage, lockEntitlements } from "../../core/payments/entitlements.js";
import { resolveReview } from "../../core/payments/order-review.js";
import { PesapalError } from "../../core/payments/pesapal-client.js";
import { PERIOD_TERMS, planForAmount, type BillingPeriod } from "../../core/plans.js";
import { formatInvoiceNumber } from "../payments/billing-terms.js";
import { reverseOrder } from "../payments/order-transitions.js";
import { writeAudit } from "./audit.js";
import { DAY_MS, lockRow, metadataOf, periodOf, reviewReasonOf, selectRows, serialize, type BillingRow } from "./billing-admin-rows.js";
import type { PaymentDeps } from "../payments/payment-deps.js";
import { loadCurrentPlan, lockOrder, nextInvoiceSequence, setOrderState } from "../payments/payment-queries.js";
import { planChange } from "../payments/plan-change.js";

/**
 * Admin reconciliation of billing_history (SPEC 4 "Billing payment (admin)", DESIGN 9): the
 * latest rows, mark a pending payment complete, apply the plan a payment bought, and refund a
 * provider payment within 30 days. Every change is one transaction with its audit_log row. A
 * payment in the review queue is completed only when the administrator confirms having seen why
 * it is there; completing, applying, refunding or "Mark Reviewed" takes it out of the queue.
 */

/** SPEC 9: an admin-assigned package from the amount table runs 30 days. */
const AMOUNT_TABLE_DAYS = 30;

/** The spec's amount table, read from the catalogue in force (its admin-edited monthly prices). */
async function planForPaidAmount(trx: Database, amountCents: number): Promise<{ package_name: string; request_limit: number; monthly_price_cents: number }> {
  const catalogue = await trx
    .selectFrom("package_definitions")
    .select(["package_name", "request_limit", "monthly_price_cents", "contact_sales"])
    .where("is_active", "=", true)
    .execute();
  const plan = planForAmount(amountCents, catalogue);
  if (!plan) throw new AppError("CONFLICT", "The plan catalogue sells no plan to assign from this amount.");
  return plan;
}

type Deps = Pick<PaymentDeps, "db" | "redis" | "redisKeyPrefix" | "logger" | "now"> & Partial<PaymentDeps>;

/** A payment in review is completed only with the administrator's explicit confirmation (409 naming the reason otherwise). */
function requireReviewConfirmed(row: BillingRow, confirmed: boolean | undefined): void {
  const reason = reviewReasonOf(row);
  if (reason !== null && confirmed !== true) {
    throw new AppError("CONFLICT", `This payment is held for review: ${reason}. Confirm that you checked it to complete it anyway.`);
  }
}

/** The administrator's decision takes the payment out of the review queue. */
async function closeReview(trx: Database, row: BillingRow, actorId: string): Promise<void> {
  if (row.payment_order_id && reviewReasonOf(row) !== null) await resolveReview(trx, row.payment_order_id, actorId);
}

function audit(trx: Database, input: { actorId: string; action: string; billingId: string; ip: string | null; metadata: Record<string, unknown> }): Promise<void> {
  return writeAudit(trx, { actorId: input.actorId, action: input.action, targetType: "billing_history", targetId: input.billingId, ip: input.ip, metadata: input.metadata });
}

const snapshot = (row: BillingRow) => ({ status: row.status, invoice_number: row.invoice_number, review_reason: reviewReasonOf(row), metadata: metadataOf(row.metadata) });

/** pending -> completed with an invoice number; its payment order too, so a late provider notification changes nothing twice. */
async function completeLocked(trx: Database, row: BillingRow, input: { actorId: string; invoiceNumber?: string; now: Date }): Promise<string> {
  const invoiceNumber = input.invoiceNumber ?? formatInvoiceNumber(input.now, await nextInvoiceSequence(trx));
  const taken = await trx.selectFrom("billing_history").select("id").where("invoice_number", "=", invoiceNumber).where("id", "!=", row.id).executeTakeFirst();
  if (taken) throw new AppError("CONFLICT", `Invoice number ${invoiceNumber} is already used by another payment.`);
  await trx
    .updateTable("billing_history")
    .set({
      status: "completed",
      invoice_number: invoiceNumber,
      billing_date: input.now,
      metadata: sql`metadata || ${JSON.stringify({ completed_by_admin: input.actorId, completed_at: input.now.toISOString() })}::jsonb`,
      updated_at: sql`now()`,
    })
    .where("id", "=", row.id)
    .execute();
  if (row.payment_order_id) {
    const order = await lockOrder(trx, row.payment_order_id);
    if (order.status === "pending") await setOrderState(trx, order.id, { status: "completed" });
  }
  return invoiceNumber;
}

function announce(deps: Deps, userId: string): Promise<void> {
  return publishKeyInvalidation(deps.redis, deps.redisKeyPrefix, { user_id: userId }).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId }, "could not announce a plan change; key caches expire within 30 s"),
  );
}

type CompleteInput = { billingId: string; actorId: string; ip: string | null; invoiceNumber?: string | undefined; confirmReview?: boolean | undefined };

export async function completePayment(deps: Deps, input: CompleteInput): Promise<AdminBillingAction> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, input.billingId);
    if (row.status !== "pending") throw new AppError("CONFLICT", `Only pending payments can be marked complete; this one is ${row.status}.`);
    requireReviewConfirmed(row, input.confirmReview);
    await closeReview(trx, row, input.actorId);
    await completeLocked(trx, row, { actorId: input.actorId, invoiceNumber: input.invoiceNumber, now });
    const after = await lockRow(trx, input.billingId);
    await audit(trx, { actorId: input.actorId, action: "billing.payment_completed", billingId: row.id, ip: input.ip, metadata: { user_id: row.user_id, before: snapshot(row), after: snapshot(after) } });
  });
  return { entry: serialize(await selectRows(deps.db).where("b.id", "=", input.billingId).executeTakeFirstOrThrow(), now), message: "Payment marked as completed" };
}

/**
 * "Complete & Update Plan": completes a pending payment, then assigns the plan it bought (its
 * recorded package and period; else the spec's amount table, 30 days). Re-applying a completed
 * payment is allowed and idempotent: the period runs from the payment date and never shortens a
 * later expiry of the same package.
 */
export async function applyPlanFromPayment(deps: Deps, input: CompleteInput): Promise<AdminBillingAction> {
  const now = deps.now();
  const applied = await deps.db.transaction().execute(async (trx) => {
    const before = await lockRow(trx, input.billingId);
    if (before.status !== "pending" && before.status !== "completed") {
      throw new AppError("CONFLICT", `A plan can only be applied from a pending or completed payment; this one is ${before.status}.`);
    }
    requireReviewConfirmed(before, input.confirmReview);
    await closeReview(trx, before, input.actorId);
    if (before.status === "pending") await completeLocked(trx, before, { actorId: input.actorId, invoiceNumber: input.invoiceNumber, now });
    const row = await lockRow(trx, input.billingId);

    const recordedPeriod = periodOf(row.billing_period);
    const recorded = row.package_name && recordedPeriod
      ? await trx.selectFrom("package_definitions").select(["package_name", "request_limit", "monthly_price_cents"]).where("package_name", "=", row.package_name).executeTakeFirst()
      : undefined;
    const source = recorded ? ("recorded" as const) : ("amount_table" as const);
    const plan = recorded ?? (await planForPaidAmount(trx, Number(row.amount)));
    const packageName = plan.package_name;
    const period: BillingPeriod = recorded && recordedPeriod ? recordedPeriod : "monthly";
    await lockEntitlements(trx, row.user_id);
    const current = await currentPackage(trx, row.user_id);
    // The payment's period joins the timeline once (re-applying changes nothing), laid out with the others.
    const change = planChange({ now: row.billing_date, current: await loadCurrentPlan(trx, row.user_id, row.billing_date), target: { packageName, monthlyPriceCents: plan.monthly_price_cents }, period });
    await addPaidPeriod(
      trx,
      {
        userId: row.user_id,
        billingHistoryId: row.id,
        planName: packageName,
        billingPeriod: recorded ? period : null,
        length: recorded ? { months: PERIOD_TERMS[period].months } : { days: AMOUNT_TABLE_DAYS },
        priceCents: Number(row.amount),
        planChange: change.kind,
        paidAt: row.billing_date,
      },
      now,
    );
    const laid = await trx.selectFrom("paid_periods").select("ends_at").where("billing_history_id", "=", row.id).executeTakeFirstOrThrow();
    const end = laid.ends_at;
    const processed = {
      subscription_activated: true,
      package_assigned: packageName,
      plan_assigned: packageName,
      billing_period: period,
      plan_source: source,
      processed_at: now.toISOString(),
      expires_at: end.toISOString(),
      plan_applied_by_admin: input.actorId,
    };
    await trx
      .updateTable("billing_history")
      .set({ metadata: sql`metadata || ${JSON.stringify(processed)}::jsonb`, updated_at: sql`now()` })
      .where("id", "=", row.id)
      .execute();
    const after = await lockRow(trx, input.billingId);
    await audit(trx, {
      actorId: input.actorId,
      action: "billing.plan_applied",
      billingId: row.id,
      ip: input.ip,
      metadata: {
        user_id: row.user_id,
        before: { ...snapshot(before), package: current ? { package_name: current.packageName, expires_at: current.expiresAt?.toISOString() ?? null } : null },
        after: { ...snapshot(after), package: { package_name: packageName, expires_at: end.toISOString() } },
      },
    });
    return { userId: row.user_id, plan: { package_name: packageName, request_limit: plan.request_limit, period, expires_at: end.toISOString(), source } };
  });
  await announce(deps, applied.userId);
  const limit = applied.plan.request_limit;
  const requests = limit === null || limit < 0 ? "unlimited" : limit.toLocaleString("en-US");
  return {
    entry: serialize(await selectRows(deps.db).where("b.id", "=", input.billingId).executeTakeFirstOrThrow(), now),
    message: `User plan updated to ${applied.plan.package_name} with ${requests} requests`,
    plan: applied.plan,
  };
}

/**
 * A refund of a completed provider payment within REFUND_WINDOW_DAYS, through Pesapal's
 * RefundRequest with the payment's confirmation code. Accepted: the order is reversed like a
 * provider reversal (billing row refunded, plan revoked if still on it, administrators told).
 */
export async function refundPayment(
  deps: PaymentDeps,
  input: { billingId: string; actorId: string; actorEmail: string; ip: string | null; remarks?: string },
): Promise<AdminBillingAction> {
  const now = deps.now();
  const afterCommit = await deps.db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, input.billingId);
    if (row.status === "refunded") throw new AppError("CONFLICT", "This payment has already been refunded.");
    if (row.status !== "completed") throw new AppError("CONFLICT", `Only completed payments can be refunded; this one is ${row.status}.`);
    if (!row.payment_order_id) throw new AppError("VALIDATION_FAILED", "This payment was not made through the payment provider; it cannot be refunded here.");
    const order = await lockOrder(trx, row.payment_order_id);
    await closeReview(trx, row, input.actorId);
    if (!order.confirmation_code) throw new AppError("VALIDATION_FAILED", "The payment provider has no confirmation code for this payment; it cannot be refunded here.");
    if (now.getTime() - row.billing_date.getTime() > REFUND_WINDOW_DAYS * DAY_MS) {
      throw new AppError("VALIDATION_FAILED", `Refunds are possible within ${REFUND_WINDOW_DAYS} days of payment; this one was paid on ${row.billing_date.toISOString().slice(0, 10)}.`);
    }
    const remarks = input.remarks ?? `Refund of ${row.invoice_number ?? row.id}`;
    try {
      await deps.pesapal.refund({ confirmationCode: order.confirmation_code, amountCents: Number(row.amount), username: input.actorEmail, remarks });
    } catch (error) {
      if (!(error instanceof PesapalError)) throw error;
      if (error.httpStatus === null || error.code === "timeout" || error.code === "network_error" || error.code.startsWith("http_5")) {
        throw new AppError("PAYMENT_PROVIDER_ERROR", "The payment provider could not be reached; the refund was not requested.", { cause: error });
      }
      throw new AppError("VALIDATION_FAILED", `The payment provider refused the refund: ${error.message}`, { cause: error });
    }
    const tx = { ...deps, db: trx };
    const reversal = await reverseOrder(tx, { ...order, status: "completed" }, "refunded by an administrator");
    const refund = { refunded_at: now.toISOString(), refunded_by: input.actorId, refund_amount: Number(row.amount), refund_remarks: remarks, confirmation_code: order.confirmation_code };
    await trx
      .updateTable("billing_history")
      .set({ metadata: sql`metadata || ${JSON.stringify(refund)}::jsonb`, updated_at: sql`now()` })
      .where("id", "=", row.id)
      .execute();
    const after = await lockRow(trx, input.billingId);
    await audit(trx, { actorId: input.actorId, action: "billing.payment_refunded", billingId: row.id, ip: input.ip, metadata: { user_id: row.user_id, before: snapshot(row), after: snapshot(after), refund } });
    return reversal.afterCommit;
  });
  for (const effect of afterCommit) await effect();
  return { entry: serialize(await selectRows(deps.db).where("b.id", "=", input.billingId).executeTakeFirstOrThrow(), now), message: "Payment refunded" };
}

/**
 * "Mark Reviewed": the administrator checked a payment in the review queue and leaves it as it
 * stands (a reversal of another amount that changes nothing, an underpayment settled elsewhere).
 */
export async function markReviewed(deps: Deps, input: { billingId: string; actorId: string; ip: string | null }): Promise<AdminBillingAction> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockRow(trx, input.billingId);
    if (reviewReasonOf(row) === null) throw new AppError("CONFLICT", "This payment is not waiting for review.");
    await closeReview(trx, row, input.actorId);
    const after = await lockRow(trx, input.billingId);
    await audit(trx, { actorId: input.actorId, action: "billing.review_resolved", billingId: row.id, ip: input.ip, metadata: { user_id: row.user_id, before: snapshot(row), after: snapshot(after) } });
  });
  return { entry: serialize(await selectRows(deps.db).where("b.id", "=", input.billingId).executeTakeFirstOrThrow(), now), message: "Payment marked as reviewed" };
}
