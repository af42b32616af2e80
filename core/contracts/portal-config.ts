import { z } from "zod";
import { OAuthProviderSchema } from "./auth.js";

/**
 * `GET /api/portal-config` (public): what differs between deployments, which the portal reads
 * from the gateway once when it starts, so one portal build serves every deployment (DESIGN.md
 * sections 1 and 9).
 */

/** An entry's URL when it is an http(s) origin, or an origin and a path ending in "/", written canonically. */
function parseLocation(location: string): URL | null {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") return null;
  const isOrigin = location === url.origin;
  const isPathPrefix = location === `${url.origin}${url.pathname}` && url.pathname.endsWith("/");
  return isOrigin || isPathPrefix ? url : null;
}

/**
 * Where the provider's hosted payment page may be served from: an origin ("https://pay.pesapal.com",
 * any page on it) or an origin and a path ending in "/" ("http://localhost:3000/sandbox/pesapal/pay/",
 * pages under that path). Both forms are also CSP source expressions, matched the same way.
 */
export const PaymentPageLocationSchema = z.string().refine((location) => parseLocation(location) !== null, {
  message: "Expected an http(s) origin, or an origin and a path ending in /",
});

/** Whether `url` is a page at one of `locations`: the same origin, and under the location's path. */
export function isAtPaymentPageLocation(url: URL, locations: readonly string[]): boolean {
  return locations.some((location) => {
    const place = parseLocation(location);
    return place !== null && url.origin === place.origin && url.pathname.startsWith(place.pathname);
  });
}

export const OAuthProviderLinkSchema = z.object({
  id: OAuthProviderSchema,
  name: z.string(),
  /** Where "Continue with …" starts the sign-in: a path on the gateway. */
  start_url: z.string(),
});
export type OAuthProviderLink = z.infer<typeof OAuthProviderLinkSchema>;

export const PortalConfigSchema = z.object({
  /** The product's name in page titles (PRODUCT_NAME). */
  product_name: z.string().min(1),
  /** Where /payment-process may embed the provider's page from; the pages' CSP frame-src allows exactly these. */
  payment_page_locations: z.array(PaymentPageLocationSchema),
  /** The sign-in providers the gateway has credentials for, in the order to show them. */
  oauth_providers: z.array(OAuthProviderLinkSchema),
});
export type PortalConfig = z.infer<typeof PortalConfigSchema>;
