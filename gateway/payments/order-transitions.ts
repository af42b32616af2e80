import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import { paymentReceiptMessage, paymentReversedAdminMessage } from "../../core/email/templates.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import { addPaidPeriod, lockEntitlements, removePaidPeriod } from "../../core/payments/entitlements.js";
import { holdOrderForReview, listAdminEmails, orderFacts } from "../../core/payments/order-review.js";
import { closeUnpaidOrder } from "../../core/payments/unpaid-orders.js";
import type { TransactionStatus } from "../../core/payments/pesapal-client.js";
import { BILLING_PERIODS, formatUsd, PERIOD_TERMS, type BillingPeriod } from "../../core/plans.js";
import { formatInvoiceNumber } from "./billing-terms.js";
import { publicLink, type PaymentDeps } from "./payment-deps.js";
import {
  findScheduledChange,
  findUserEmail,
  loadCurrentPlan,
  nextInvoiceSequence,
  setOrderState,
  updateBillingRow,
  type OrderRow,
} from "./payment-queries.js";
import { planChange } from "./plan-change.js";

/**
 * The state changes of a payment order, each run inside the reconciliation's transaction with
 * the order row locked (`deps.db` is that transaction). What must wait for the commit (the
 * key-cache announcement, e-mail delivery) is returned as `afterCommit`.
 */

export type AfterCommit = () => Promise<void>;
type Transition = { outcome: string; order: OrderRow; afterCommit: AfterCommit[] };

function billingPeriodOf(order: OrderRow): BillingPeriod {
  const period = BILLING_PERIODS.find((p) => p === order.billing_period);
  if (!period) throw new Error(`order ${order.id} has an unknown billing period`);
  return period;
}

/** Every gateway meters the account on its new plan within a second; a Redis outage only delays it to the 30 s cache expiry. */
function announcePlanChange(deps: PaymentDeps, userId: string): AfterCommit {
  return async () => {
    await publishKeyInvalidation(deps.redis, deps.redisKeyPrefix, { user_id: userId }).catch((error: unknown) =>
      deps.logger.warn({ err: error, userId }, "could not announce a plan change; key caches expire within 30 s"),
    );
  };
}

function deliver(deps: PaymentDeps, outboxId: string): AfterCommit {
  return () => sendQueuedEmail(deps.queues, outboxId, deps.logger);
}

/**
 * Paid: billing row completed with its invoice number, the payment's period added to the
 * account's timeline (decision 0026: after the time already paid for, or from now for an
 * upgrade; a downgrade leaves the running plan alone until its end), and a receipt. The
 * account's entitlement lock serialises it with every other payment of the account.
 */
export async function activateOrder(deps: PaymentDeps, order: OrderRow, status: TransactionStatus): Promise<Transition> {
  const trx = deps.db;
  const now = deps.now();
  const period = billingPeriodOf(order);
  const plan = await trx
    .selectFrom("package_definitions")
    .select(["display_name", "monthly_price_cents"])
    .where("package_name", "=", order.package_name)
    .executeTakeFirstOrThrow();
  await lockEntitlements(trx, order.user_id);
  const current = await loadCurrentPlan(trx, order.user_id, now);
  const change = planChange({ now, current, target: { packageName: order.package_name, monthlyPriceCents: plan.monthly_price_cents }, period });
  if (change.kind === "downgrade" && (await findScheduledChange(trx, order.user_id))) {
    // Two downgrades paid at once: the second waits for an administrator (refund or apply).
    return holdForReview(deps, order, "paid while another plan change was already scheduled");
  }
  const invoiceNumber = formatInvoiceNumber(now, await nextInvoiceSequence(trx));
  const laid = await addPaidPeriod(
    trx,
    {
      userId: order.user_id,
      billingHistoryId: order.billing_history_id,
      planName: order.package_name,
      billingPeriod: period,
      length: { months: PERIOD_TERMS[period].months },
      // The period's price: what the credit of a later upgrade is prorated from.
      priceCents: order.amount + order.credit_cents,
      planChange: change.kind,
      paidAt: now,
    },
    now,
  );
  const { start, end } = laid ? { start: laid.startsAt, end: laid.endsAt } : change;

  await setOrderState(trx, order.id, { status: "completed", confirmationCode: status.confirmationCode, paymentMethod: status.paymentMethod });
  await updateBillingRow(trx, order.billing_history_id, {
    status: "completed",
    invoiceNumber,
    paymentMethod: status.paymentMethod,
    billingDate: now,
    metadata: {
      billing_period: period,
      subscription_activated: true,
      package_assigned: order.package_name,
      plan_assigned: order.package_name,
      plan_change: change.kind,
      processed_at: now.toISOString(),
      starts_at: start.toISOString(),
      expires_at: end.toISOString(),
      confirmation_code: status.confirmationCode,
    },
  });

  const afterCommit = [announcePlanChange(deps, order.user_id)];
  const customer = await findUserEmail(trx, order.user_id);
  if (customer) {
    const receipt = paymentReceiptMessage({
      productName: deps.productName,
      publicUrl: deps.publicUrl,
      fullName: customer.full_name ?? "",
      planName: plan.display_name,
      periodLabel: PERIOD_TERMS[period].label,
      amount: `${formatUsd(order.amount)} ${order.currency}`,
      invoiceNumber,
      paidAt: now,
      startsAt: change.kind === "downgrade" ? start : null,
      validUntil: end,
      paymentMethod: status.paymentMethod,
      dashboardLink: publicLink(deps, "/dashboard?section=billing"),
    });
    afterCommit.push(deliver(deps, await queueEmail(trx, { to: customer.email, template: "payment_receipt", ...receipt })));
  }
  return { outcome: "activated", order: { ...order, status: "completed", confirmation_code: status.confirmationCode, payment_method: status.paymentMethod }, afterCommit };
}

/** Not paid: the provider said failed, or the customer cancelled (on its page or by the cancel link). */
export async function failOrder(deps: PaymentDeps, order: OrderRow, status: TransactionStatus | null, result: "failed" | "cancelled"): Promise<Transition> {
  const paymentMethod = status?.paymentMethod ?? null;
  await closeUnpaidOrder(deps.db, order, {
    result,
    paymentMethod,
    metadata: {
      failure: result,
      ...(status ? { provider_description: status.description, payment_status_code: status.paymentStatusCode } : { cancelled_by: "customer" }),
      processed_at: deps.now().toISOString(),
    },
  });
  return { outcome: result, order: { ...order, status: result, payment_method: paymentMethod }, afterCommit: [] };
}

/** The provider's record does not match ours: the order changes nothing and waits in the review queue; administrators are e-mailed. */
export async function holdForReview(deps: PaymentDeps, order: OrderRow, reason: string): Promise<Transition> {
  const { alreadyDecided, outboxIds } = await holdOrderForReview(deps.db, order, { reason, productName: deps.productName, publicUrl: deps.publicUrl });
  if (alreadyDecided) return { outcome: "mismatch_already_reviewed", order, afterCommit: [] };
  if (outboxIds.length === 0 && order.flagged_at === null) deps.logger.warn({ orderId: order.id }, "a payment is held for review and there is no administrator to tell");
  const flagged = { ...order, flagged_at: order.review_resolved_at === null && order.flagged_at ? order.flagged_at : deps.now(), flag_reason: reason, review_resolved_at: null };
  return { outcome: "mismatch", order: flagged, afterCommit: outboxIds.map((id) => deliver(deps, id)) };
}

/**
 * Reversed by the provider (or refunded by an administrator, `reason` says which). A completed
 * order's period leaves the timeline and the account is derived again from the periods other
 * payments bought (decision 0026); administrators are told by e-mail.
 */
export async function reverseOrder(deps: PaymentDeps, order: OrderRow, reason = "reversed by the payment provider"): Promise<Transition> {
  const trx = deps.db;
  const wasCompleted = order.status === "completed";
  const afterCommit: AfterCommit[] = [];
  await setOrderState(trx, order.id, { status: "refunded" });
  await updateBillingRow(trx, order.billing_history_id, {
    status: wasCompleted ? "refunded" : "failed",
    metadata: { reversed_at: deps.now().toISOString(), subscription_activated: false },
  });
  if (wasCompleted && (await removePaidPeriod(trx, { userId: order.user_id, billingHistoryId: order.billing_history_id, reason }, deps.now()))) {
    afterCommit.push(announcePlanChange(deps, order.user_id));
  }

  const invoice = await trx.selectFrom("billing_history").select("invoice_number").where("id", "=", order.billing_history_id).executeTakeFirst();
  const notice = paymentReversedAdminMessage({
    productName: deps.productName,
    publicUrl: deps.publicUrl,
    ...(await orderFacts(trx, order)),
    invoiceNumber: invoice?.invoice_number ?? null,
  });
  const admins = await listAdminEmails(trx);
  if (admins.length === 0) deps.logger.warn({ orderId: order.id }, "a payment was reversed and there is no administrator to tell");
  for (const admin of admins) afterCommit.push(deliver(deps, await queueEmail(trx, { to: admin, template: "payment_reversed_admin", ...notice })));
  return { outcome: wasCompleted ? "reversed" : "reversed_unpaid", order: { ...order, status: "refunded" }, afterCommit };
}
