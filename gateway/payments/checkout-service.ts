import type { CheckoutRequest, CheckoutResponse } from "../../core/contracts/checkout.js";
import { AppError } from "../../core/errors.js";
import { PesapalError } from "../../core/payments/pesapal-client.js";
import { formatUsd } from "../../core/plans.js";
import { merchantReferenceFor } from "./billing-terms.js";
import { publicLink, type PaymentDeps } from "./payment-deps.js";
import { invalidField, priceOrder } from "./order-pricing.js";
import { insertPendingOrder, markOrderNotSubmitted, recordSubmittedOrder } from "./payment-queries.js";

/** The browser returns here from the provider's page; the portal's callback page then calls /api/payments/verify. */
export const CALLBACK_PATH = "/payment-callback";
/** Where the provider notifies us (registered once per URL, GET). */
export const IPN_PATH = "/payments/ipn";
const CURRENCY = "USD";
/** Pesapal's billing_address.state is a code of at most 3 characters. */
const PROVIDER_STATE_MAX = 3;

export const INITIALIZATION_FAILED = "Payment initialization failed";
export const NO_REDIRECT_URL = "Invalid payment response - no redirect URL";

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

  const order = await deps.db.transaction().execute((trx) =>
    insertPendingOrder(trx, {
      userId,
      packageName: plan.package_name,
      period: request.period,
      amountCents: quote.totalCents,
      creditCents: quote.discountCents,
      currency: CURRENCY,
      provider: deps.provider,
      merchantReference: merchantReferenceFor,
    }),
  );

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
  return { redirect_url: submitted.redirectUrl, order_tracking_id: submitted.orderTrackingId, merchant_reference: order.merchant_reference };
}
