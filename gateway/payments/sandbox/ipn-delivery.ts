import { z } from "zod";
import type { Logger } from "../../../core/logger.js";
import type { IpnRegistration, SandboxSettings } from "./sandbox-store.js";

/**
 * Sends the sandbox's IPNs (PESAPAL.md 1.5): GET with the three query parameters, or POST with
 * the JSON body, per the registration. Retried with exponential backoff until the receiver
 * answers HTTP 200 with the acknowledgement JSON (`status: 200`), up to `ipn_max_attempts`.
 *
 * Retries are in-process timers (unref'd, lost on restart): enough for a development sandbox,
 * where a lost IPN is what the callback and the merchant's own status checks are for.
 */

const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_RETRY_DELAY_MS = 5 * 60_000;
// A second copy of a duplicated IPN follows the first after this long.
const DUPLICATE_GAP_MS = 50;

export interface IpnNotice {
  registration: IpnRegistration;
  orderTrackingId: string;
  orderMerchantReference: string;
}

export interface IpnSender {
  /** Sends the notice now (or after `delayMs`), twice if the settings ask for duplicates. */
  send: (notice: IpnNotice, settings: SandboxSettings, delayMs?: number) => void;
}

const AcknowledgementSchema = z.object({
  orderNotificationType: z.literal("IPNCHANGE"),
  orderTrackingId: z.string(),
  orderMerchantReference: z.string(),
  status: z.literal(200),
});

function isAcknowledgement(body: unknown, notice: IpnNotice): boolean {
  const parsed = AcknowledgementSchema.safeParse(body);
  return parsed.success && parsed.data.orderTrackingId.toLowerCase() === notice.orderTrackingId.toLowerCase();
}

function buildRequest(notice: IpnNotice): { url: string; init: RequestInit } {
  const payload = {
    OrderTrackingId: notice.orderTrackingId,
    OrderMerchantReference: notice.orderMerchantReference,
    OrderNotificationType: "IPNCHANGE",
  };
  if (notice.registration.notification_type === "POST") {
    return {
      url: notice.registration.url,
      init: { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(payload) },
    };
  }
  const url = new URL(notice.registration.url);
  for (const [name, value] of Object.entries(payload)) url.searchParams.set(name, value);
  return { url: url.toString(), init: { method: "GET", headers: { Accept: "application/json" } } };
}

export function createIpnSender(options: { logger: Logger; fetch?: typeof fetch }): IpnSender {
  const fetchImpl = options.fetch ?? fetch;

  async function attempt(notice: IpnNotice, settings: SandboxSettings, number: number): Promise<void> {
    const { url, init } = buildRequest(notice);
    let outcome: string;
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      if (response.status === 200 && isAcknowledgement(body, notice)) {
        options.logger.debug({ orderTrackingId: notice.orderTrackingId, attempt: number }, "sandbox IPN acknowledged");
        return;
      }
      outcome = `HTTP ${response.status} without the acknowledgement`;
    } catch (error) {
      outcome = error instanceof Error ? error.name : "request failed";
    }
    if (number >= settings.ipn_max_attempts) {
      options.logger.warn({ orderTrackingId: notice.orderTrackingId, attempts: number, outcome }, "sandbox IPN given up");
      return;
    }
    const delay = Math.min(settings.ipn_retry_base_ms * 2 ** (number - 1), MAX_RETRY_DELAY_MS);
    options.logger.debug({ orderTrackingId: notice.orderTrackingId, attempt: number, outcome, retryInMs: delay }, "sandbox IPN not acknowledged");
    schedule(notice, settings, number + 1, delay);
  }

  function schedule(notice: IpnNotice, settings: SandboxSettings, number: number, delayMs: number): void {
    setTimeout(() => void attempt(notice, settings, number), delayMs).unref();
  }

  return {
    send(notice, settings, delayMs = 0) {
      schedule(notice, settings, 1, delayMs);
      if (settings.duplicate_ipns) schedule(notice, settings, 1, delayMs + DUPLICATE_GAP_MS);
    },
  };
}
