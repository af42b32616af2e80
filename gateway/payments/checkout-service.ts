import type { CheckoutRequest, CheckoutResponse } from "../../core/contracts/checkout.js";
import { AppError } from "../../core/errors.js";
import { PesapalError } from "../../core/payments/pesapal-client.js";
import { formatUsd, quotePrice } from "../../core/plans.js";
import { merchantReferenceFor } from "./billing-terms.js";
import { publicLink, type PaymentDeps } from "./payment-deps.js";
import { findLiveSubscription, findPurchasablePlan, insertPendingOrder, markOrderNotSubmitted, recordSubmittedOrder } from "./payment-queries.js";
import { purchaseIntentProblem } from "./purchase-intent.js";

/** The browser returns here from the provider's page; the portal's callback page then calls /api/payments/verify. */
export const CALLBACK_PATH = "/payment-callback";
/** Where the provider notifies us (registered once per URL, GET). */
export const IPN_PATH = "/payments/ipn";
const CURRENCY = "USD";

export const INITIALIZATION_FAILED = "Payment initialization failed";
export const NO_REDIRECT_URL = "Invalid payment response - no redirect URL";

function invalidField(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { details: [{ field, message }] });
}

/**
 * Starts a purchase: checks the plan and the price the customer saw, records the pending
 * billing row and order, and submits the order to the provider for its hosted payment page.
 */
export async function startCheckout(deps: PaymentDeps, userId: string, request: CheckoutRequest): Promise<CheckoutResponse> {
  const plan = await findPurchasablePlan(deps.db, request.plan);
  if (!plan) throw invalidField("plan", `There is no plan named "${request.plan}".`);
  if (plan.contact_sales) throw invalidField("plan", `The ${plan.display_name} plan is sold by our sales team: contact sales to buy it.`);
  // Renewals and plan changes (SPEC.md section 5).
  if (request.intent && request.intent !== "purchase") {
    const problem = purchaseIntentProblem(request.intent, plan, await findLiveSubscription(deps.db, userId));
    if (problem) throw invalidField("intent", problem);
  }
  const quote = quotePrice(plan.monthly_price_cents, request.period);
  if (quote.totalCents <= 0) throw invalidField("plan", `The ${plan.display_name} plan is free: it needs no payment.`);
  if (request.amount !== quote.totalCents) {
    throw invalidField(
      "amount",
      `The amount ${formatUsd(request.amount)} does not match the price of ${plan.display_name} (${request.period}), which is ${formatUsd(quote.totalCents)}. Reload the page and try again.`,
    );
  }

  const order = await deps.db.transaction().execute((trx) =>
    insertPendingOrder(trx, {
      userId,
      packageName: plan.package_name,
      period: request.period,
      amountCents: quote.totalCents,
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
      description: `${deps.productName} ${plan.display_name} (${request.period})`,
      callbackUrl: publicLink(deps, CALLBACK_PATH),
      cancellationUrl: `${publicLink(deps, CALLBACK_PATH)}?status=cancelled&OrderMerchantReference=${encodeURIComponent(order.merchant_reference)}`,
      notificationId,
      billingAddress: {
        email_address: billing.email,
        ...(billing.phone ? { phone_number: billing.phone } : {}),
        country_code: billing.country,
        first_name: billing.first_name,
        last_name: billing.last_name,
        ...(billing.address ? { line_1: billing.address } : {}),
        ...(billing.city ? { city: billing.city } : {}),
        ...(billing.postal_code ? { postal_code: billing.postal_code } : {}),
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
