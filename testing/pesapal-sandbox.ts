import type { GatewayConfig } from "../core/config.js";

/**
 * Drives the gateway's Pesapal sandbox (gateway/payments/sandbox) in tests: its API as Pesapal's
 * client would call it, its control knobs, and its hosted page as a customer's browser would.
 */

export interface RequestTarget {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

export const SANDBOX_API = "/sandbox/pesapal/api";

export async function requestSandboxToken(app: RequestTarget, config: Pick<GatewayConfig, "PESAPAL_CONSUMER_KEY" | "PESAPAL_CONSUMER_SECRET">): Promise<string> {
  const response = await app.request(`${SANDBOX_API}/Auth/RequestToken`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ consumer_key: config.PESAPAL_CONSUMER_KEY, consumer_secret: config.PESAPAL_CONSUMER_SECRET }),
  });
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== "string") throw new Error(`the sandbox refused the credentials: ${JSON.stringify(body)}`);
  return body.token;
}

/** A call to /sandbox/pesapal/api/<path> with the bearer token; an object body is sent as JSON. */
export function sandboxApiCall(app: RequestTarget, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`${SANDBOX_API}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    }),
  );
}

/** Sets the sandbox's knobs (token_lifetime_seconds, completion_delay_seconds, duplicate_ipns, ipn_retry_base_ms, ipn_max_attempts). */
export async function setSandboxSettings(app: RequestTarget, settings: Record<string, unknown>): Promise<void> {
  const response = await app.request("/sandbox/pesapal/control/settings", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (response.status !== 200) throw new Error(`sandbox settings refused: ${await response.text()}`);
}

export const TEST_CARD = { card_number: "4111 1111 1111 1111", card_expiry: "12/39", card_cvv: "123", card_name: "Test Customer" };

/**
 * Submits the hosted page's form for the order at `redirectUrl` (action "pay", "fail" or "cancel");
 * by default it pays with the successful test card. Returns the page's response (a 303 on success).
 */
export function submitSandboxPayment(app: RequestTarget, redirectUrl: string, fields: Record<string, string> = { action: "pay", method: "card", ...TEST_CARD }): Promise<Response> {
  return Promise.resolve(
    app.request(new URL(redirectUrl).pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}
