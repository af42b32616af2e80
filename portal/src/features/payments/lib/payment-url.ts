import { isAtPaymentPageLocation } from "../../../../../core/contracts/portal-config";
import { PAYMENT_METHODS, type PaymentMethod } from "./checkout-form";

export const PAYMENT_URL_MESSAGES = {
  missing: "Payment URL not found",
  malformed: "Invalid payment URL format",
  foreign: "Invalid payment URL",
} as const;

export type PaymentUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Whether /payment-process may embed `raw` (SPEC section 5): present, an http(s) URL, without
 * credentials, and at one of the payment page locations the gateway lists (GET /api/portal-config:
 * origins, or origins and a path ending in "/"). The pages' CSP frame-src allows the same list.
 */
export function checkPaymentUrl(raw: string | null, locations: readonly string[]): PaymentUrlCheck {
  if (raw === null || raw.trim() === "") return { ok: false, message: PAYMENT_URL_MESSAGES.missing };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: PAYMENT_URL_MESSAGES.malformed };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: PAYMENT_URL_MESSAGES.malformed };
  if (url.username !== "" || url.password !== "" || !isAtPaymentPageLocation(url, locations)) return { ok: false, message: PAYMENT_URL_MESSAGES.foreign };
  return { ok: true, url: url.href };
}

/**
 * The provider's page with the method the customer chose at checkout (`method=card` or
 * `mobile_money`), which the sandbox preselects; anything else leaves the URL as it is.
 */
export function withChosenMethod(url: string, method: string | null): string {
  if (!isPaymentMethod(method)) return url;
  const withMethod = new URL(url);
  withMethod.searchParams.set("method", method);
  return withMethod.href;
}

function isPaymentMethod(value: string | null): value is PaymentMethod {
  return PAYMENT_METHODS.some((method) => method === value);
}
