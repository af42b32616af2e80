import { amountToCents, centsToAmountNumber } from "./pesapal-amounts.js";
import type { SubmitOrderInput, TransactionStatus } from "./pesapal-client.js";
import { PesapalError } from "./pesapal-error.js";
import type { IpnRow, TransactionStatusResponse } from "./pesapal-responses.js";

/** Sluice's shapes to Pesapal's wire format and back (PESAPAL.md 1.3, 1.4). */

/** Merchant references Pesapal accepts: letters, digits and dashes, at most 50. */
export const MERCHANT_REFERENCE_PATTERN = /^[A-Za-z0-9-]{1,50}$/;
const DESCRIPTION_MAX = 100;

/** The SubmitOrderRequest body; refuses what Pesapal would refuse before any call. */
export function submitOrderBody(order: SubmitOrderInput) {
  if (!MERCHANT_REFERENCE_PATTERN.test(order.merchantReference)) {
    throw new PesapalError("invalid_merchant_reference", "a merchant reference is 1 to 50 letters, digits or dashes", null);
  }
  if (!Number.isSafeInteger(order.amountCents) || order.amountCents <= 0) {
    throw new PesapalError("invalid_amount", "an order amount is a positive integer number of cents", null);
  }
  if (!order.billingAddress.email_address && !order.billingAddress.phone_number) {
    throw new PesapalError("invalid_billing_address", "a billing address needs an e-mail address or a phone number", null);
  }
  return {
    id: order.merchantReference,
    currency: order.currency,
    amount: centsToAmountNumber(order.amountCents),
    description: Array.from(order.description).slice(0, DESCRIPTION_MAX).join(""),
    callback_url: order.callbackUrl,
    ...(order.cancellationUrl ? { cancellation_url: order.cancellationUrl } : {}),
    notification_id: order.notificationId,
    billing_address: order.billingAddress,
  };
}

/** Rows without type or status information are taken as matching (the sandbox's list is minimal). */
export function ipnMatches(row: IpnRow, notificationType: "GET" | "POST"): boolean {
  if (row.ipn_status !== undefined && row.ipn_status !== null && String(row.ipn_status) !== "1") return false;
  if (row.ipn_notification_type_description) return row.ipn_notification_type_description.toUpperCase() === notificationType;
  if (row.notification_type !== undefined && row.notification_type !== null) return String(row.notification_type) === (notificationType === "GET" ? "0" : "1");
  return true;
}

/** The status body as TransactionStatus; null when status_code or amount cannot be read. */
export function normalizeStatus(body: TransactionStatusResponse): TransactionStatus | null {
  const statusCode = Number(body.status_code);
  if (statusCode !== 0 && statusCode !== 1 && statusCode !== 2 && statusCode !== 3) return null;
  const amountCents = body.amount === undefined || body.amount === null || body.amount === "" ? 0 : amountToCents(body.amount);
  if (amountCents === null) return null;
  return {
    statusCode,
    description: body.description || body.payment_status_description || "",
    amountCents,
    currency: body.currency ?? "",
    merchantReference: body.merchant_reference ?? "",
    confirmationCode: body.confirmation_code || null,
    paymentMethod: body.payment_method || null,
    paymentAccount: body.payment_account || null,
    createdDate: body.created_date || null,
    paymentStatusCode: body.payment_status_code || null,
  };
}
