import type { CheckoutRequest, CheckoutResponse } from "../../core/contracts/checkout.js";
import { AppError } from "../../core/errors.js";
import { PesapalError } from "../../core/payments/pesapal-client.js";
import { cancelAtProvider, closeUnpaidOrder, pendingOrderExpiry } from "../../core/payments/unpaid-orders.js";
import { formatUsd, type BillingPeriod, type PriceQuote } from "../../core/plans.js";
import { merchantReferenceFor } from "./billing-terms.js";
import { publicLink, type PaymentDeps } from "./payment-deps.js";
import { invalidField, priceOrder } from "./order-pricing.js";
import { extendOrder, findOpenOrder, insertPendingOrder, lockAccountCheckouts, markOrderNotSubmitted, recordSubmittedOrder, type OrderRow } from "./payment-queries.js";

/** The browser returns here from the provider's page; the portal's callback page then calls /api/payments/verify. */
export const CALLBACK_PATH = "/payment-callback";
/** Where the provider notifies us (registered once per URL, GET). */
export const IPN_PATH = "/payments/ipn";
const CURRENCY = "USD";
/** Pesapal's billing_address.state is a code of at most 3 characters. */
const PROVIDER_STATE_MAX = 3;

export const INITIALIZATION_FAILED = "Payment initialization failed";
export const NO_REDIRECT_URL = "Invalid payment response - no redirect URL";
export const CHECKOUT_IN_PROGRESS = "Your checkout for this plan is already starting. Try again in a moment.";
/** An open order not yet submitted to the provider is another request's, still on its way, for this long. */
const SUBMISSION_GRACE_MS = 60_000;

/**
 * Starts a purchase: checks the plan and the price the customer was quoted, records the pending
 * billing row and order, and submits the order to the provider for its hosted payment page.
 */
export async function startCheckout(deps: PaymentDeps, userId: string, request: CheckoutRequest): Promise<CheckoutResponse> {
  const { plan, quote, change } = await priceOrder(deps.db, userId, request, deps.now());
  if (request.amount !== quote.totalCents) {
    const credit = quote.discountCents > 0 ? ` after ${formatUsd(quote.discountCents)} credit for your current plan` : "";
    throw invalidField(
      "amount",
      `The amount ${formatUsd(request.amount)} does not match the price of ${plan.display_name} (${request.period}), which is ${formatUsd(quote.totalCents)}${credit}. Reload the page and try again.`,
    );
  }

  const opened = await deps.db.transaction().execute((trx) => openOrder(trx, deps, { userId, packageName: plan.package_name, period: request.period, quote }));
  if (opened.superseded) await cancelSupersededOrder(deps, opened.superseded);
  if ("reused" in opened) return checkoutResponse(opened.reused);
  const order = opened.created;

  let submitted: { orderTrackingId: string; redirectUrl: string };
  try {
    const notificationId = await deps.pesapal.ensureIpn(publicLink(deps, IPN_PATH), "GET");
    const billing = request.billing;
    submitted = await deps.pesapal.submitOrder({
      merchantReference: order.merchant_reference,
      amountCents: order.amount,
      currency: order.currency,
      description: `${deps.productName} ${plan.display_name} (${request.period}${change.kind === "downgrade" ? `, from ${change.start.toISOString().slice(0, 10)}` : ""})`,
      callbackUrl: publicLink(deps, CALLBACK_PATH),
      cancellationUrl: `${publicLink(deps, CALLBACK_PATH)}?status=cancelled&OrderMerchantReference=${encodeURIComponent(order.merchant_reference)}`,
      notificationId,
      billingAddress: {
        email_address: billing.email,
        ...(billing.phone ? { phone_number: billing.phone } : {}),
        country_code: billing.country,
        first_name: billing.first_name,
        last_name: billing.last_name,
        line_1: billing.address,
        city: billing.city,
        // Pesapal takes a state code of at most 3 characters ("CA", "NBO"); a longer name is not sent.
        ...(billing.state.length <= PROVIDER_STATE_MAX ? { state: billing.state } : {}),
        postal_code: billing.postal_code,
      },
    });
  } catch (error) {
    if (!(error instanceof PesapalError)) throw error;
    // An answer we cannot use is almost always one without a redirect URL (the client rejects it).
    const message = error.code === "invalid_response" ? NO_REDIRECT_URL : INITIALIZATION_FAILED;
    deps.logger.warn({ orderId: order.id, pesapal_code: error.code }, "payment order submission failed");
    await markOrderNotSubmitted(deps.db, order, error.code);
    throw new AppError("PAYMENT_PROVIDER_ERROR", message, { cause: error });
  }
  if (!submitted.redirectUrl) {
    await markOrderNotSubmitted(deps.db, order, "no_redirect_url");
    throw new AppError("PAYMENT_PROVIDER_ERROR", NO_REDIRECT_URL);
  }
  await recordSubmittedOrder(deps.db, order.id, submitted);
  return checkoutResponse({ ...order, redirect_url: submitted.redirectUrl, provider_order_tracking_id: submitted.orderTrackingId });
}

function checkoutResponse(order: Pick<OrderRow, "redirect_url" | "provider_order_tracking_id" | "merchant_reference">): CheckoutResponse {
  return { redirect_url: order.redirect_url ?? "", order_tracking_id: order.provider_order_tracking_id ?? "", merchant_reference: order.merchant_reference };
}

/**
 * One open order per account, plan and period (decision 0027): the open order is reused while
 * it asks the same price, and replaced (cancelled) when the price changed or it never reached
 * the provider. Serialised per account, so concurrent checkouts cannot open two.
 */
async function openOrder(
  trx: PaymentDeps["db"],
  deps: PaymentDeps,
  input: { userId: string; packageName: string; period: BillingPeriod; quote: PriceQuote },
): Promise<{ reused: OrderRow; superseded?: undefined } | { created: OrderRow; superseded: OrderRow | undefined }> {
  const now = deps.now();
  await lockAccountCheckouts(trx, input.userId);
  const open = await findOpenOrder(trx, input);
  const samePrice = open?.amount === input.quote.totalCents && open.credit_cents === input.quote.discountCents;
  if (open?.redirect_url && open.provider_order_tracking_id && samePrice) {
    await extendOrder(trx, open.id, pendingOrderExpiry(now));
    return { reused: open };
  }
  if (open && !open.redirect_url && now.getTime() - open.created_at.getTime() < SUBMISSION_GRACE_MS) throw new AppError("CONFLICT", CHECKOUT_IN_PROGRESS);
  if (open) await closeUnpaidOrder(trx, open, { result: "cancelled", metadata: { failure: "cancelled", cancelled_because: "replaced_by_new_checkout", processed_at: now.toISOString() } });
  const created = await insertPendingOrder(trx, {
    userId: input.userId,
    packageName: input.packageName,
    period: input.period,
    amountCents: input.quote.totalCents,
    creditCents: input.quote.discountCents,
    currency: CURRENCY,
    provider: deps.provider,
    merchantReference: merchantReferenceFor,
    expiresAt: pendingOrderExpiry(now),
  });
  return { created, superseded: open };
}

/** The replaced order can no longer be paid; if it was paid meanwhile, its notification still activates it. */
async function cancelSupersededOrder(deps: PaymentDeps, order: OrderRow): Promise<void> {
  if (!order.provider_order_tracking_id) return;
  const cancellation = await cancelAtProvider(deps.pesapal, order.provider_order_tracking_id);
  if (cancellation.outcome !== "cancelled") deps.logger.warn({ orderId: order.id, outcome: cancellation.outcome }, "a replaced order could not be cancelled at the provider");
}
