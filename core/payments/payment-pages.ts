import type { GatewayConfig } from "../config.js";
import { pesapalBaseUrl } from "./pesapal-client.js";

/** The sandbox's hosted page under its API base (gateway/payments/sandbox: redirect_url is …/pay/:orderTrackingId). */
const SANDBOX_PAY_PAGE = "/pay/";

/**
 * Where the provider's hosted payment page may be served from, as CSP source expressions (an
 * origin, or an origin and a path ending in "/"; core/contracts/portal-config.ts). The one list
 * behind both the pages' CSP frame-src (gateway/app.ts) and the portal's check of the page it
 * embeds (GET /api/portal-config), so the two cannot disagree.
 * - The sandbox in this gateway: only its hosted page, not every page of the site.
 * - Pesapal (or any PESAPAL_BASE_URL): the API's origin. Pesapal serves its page on that origin
 *   but outside the API's path (https://pay.pesapal.com/iframe/…, under /v3 is only the API).
 */
export function paymentPageLocations(config: GatewayConfig): string[] {
  const base = pesapalBaseUrl(config);
  if (config.PAYMENT_PROVIDER === "sandbox" && !config.PESAPAL_BASE_URL) return [new URL(`${base}${SANDBOX_PAY_PAGE}`).href];
  return [new URL(base).origin];
}
