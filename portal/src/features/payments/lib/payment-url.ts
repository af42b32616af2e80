/** Where the payment sandbox serves its hosted page on the gateway (gateway/payments/sandbox). */
export const SANDBOX_PAY_PATH = "/sandbox/pesapal/pay/";

export const PAYMENT_URL_MESSAGES = {
  missing: "Payment URL not found",
  malformed: "Invalid payment URL format",
  foreign: "Invalid payment URL",
} as const;

export type PaymentUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Whether /payment-process may embed `raw` (SPEC section 5): present, a URL, and on the
 * provider's origin. `allowedOrigins` are exact origins; when none are configured, only the
 * sandbox page on `ownOrigin` (the gateway) is accepted.
 */
export function checkPaymentUrl(raw: string | null, allowedOrigins: readonly string[], ownOrigin: string): PaymentUrlCheck {
  if (raw === null || raw.trim() === "") return { ok: false, message: PAYMENT_URL_MESSAGES.missing };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: PAYMENT_URL_MESSAGES.malformed };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: PAYMENT_URL_MESSAGES.malformed };
  const allowed =
    allowedOrigins.length > 0 ? allowedOrigins.includes(url.origin) : url.origin === new URL(ownOrigin).origin && url.pathname.startsWith(SANDBOX_PAY_PATH);
  if (!allowed || url.username !== "" || url.password !== "") return { ok: false, message: PAYMENT_URL_MESSAGES.foreign };
  return { ok: true, url: url.href };
}
