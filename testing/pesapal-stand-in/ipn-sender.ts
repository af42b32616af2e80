import { z } from "zod";
import type { StandInIpnAttempt, StandInIpnRegistration, StandInOrder } from "./stand-in-state.js";

/**
 * Sends an IPN the way Pesapal does (PESAPAL.md 1.5): GET with OrderTrackingId,
 * OrderMerchantReference and OrderNotificationType in the query, or POST with the same three as a
 * JSON body, per the registration. The merchant must answer HTTP 200 with exactly
 * {orderNotificationType, orderTrackingId, orderMerchantReference, status: 200} echoing what it
 * received; anything else (a 500 status, a string "200", extra or missing members) is retried.
 */

export interface IpnRetry {
  /** Deliveries tried in all, the first included. */
  attempts: number;
  delayMs: number;
}

const AcknowledgementSchema = z.strictObject({
  orderNotificationType: z.string(),
  orderTrackingId: z.string(),
  orderMerchantReference: z.string(),
  status: z.number(),
});

const ATTEMPT_TIMEOUT_MS = 5_000;

export interface IpnDelivery {
  registration: StandInIpnRegistration;
  order: Pick<StandInOrder, "orderTrackingId" | "merchantReference">;
  retry: IpnRetry;
  signal: AbortSignal;
  record: (attempt: StandInIpnAttempt) => void;
}

/** Delivers until acknowledged or out of attempts; never throws. */
export async function deliverIpn(delivery: IpnDelivery): Promise<void> {
  const { registration, order } = delivery;
  const fields = { OrderTrackingId: order.orderTrackingId, OrderMerchantReference: order.merchantReference, OrderNotificationType: "IPNCHANGE" };
  const url = new URL(registration.url);
  if (registration.notificationType === "GET") for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  const body = registration.notificationType === "POST" ? JSON.stringify(fields) : null;

  for (let attempt = 1; attempt <= delivery.retry.attempts && !delivery.signal.aborted; attempt += 1) {
    if (attempt > 1) await pause(delivery.retry.delayMs, delivery.signal);
    if (delivery.signal.aborted) return;
    const sentAt = new Date();
    let httpStatus: number | null = null;
    let responseBody: string;
    try {
      const response = await fetch(url, {
        method: registration.notificationType,
        headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
        ...(body ? { body } : {}),
        redirect: "manual",
        signal: AbortSignal.any([delivery.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      httpStatus = response.status;
      responseBody = await response.text();
    } catch (error) {
      responseBody = error instanceof Error ? `${error.name}: ${error.message}` : "request failed";
    }
    const problem = httpStatus === null ? "no answer" : acknowledgementProblem(httpStatus, responseBody, fields);
    delivery.record({
      orderTrackingId: order.orderTrackingId,
      ipnId: registration.ipnId,
      method: registration.notificationType,
      url: url.toString(),
      body,
      attempt,
      httpStatus,
      responseBody,
      acknowledged: problem === null,
      problem,
      sentAt,
    });
    if (problem === null) return;
  }
}

/** Null when the answer is Pesapal's acknowledgement of exactly this notification with status 200. */
export function acknowledgementProblem(httpStatus: number, text: string, sent: { OrderTrackingId: string; OrderMerchantReference: string; OrderNotificationType: string }): string | null {
  if (httpStatus !== 200) return `HTTP ${httpStatus}, not 200`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "the answer is not JSON";
  }
  const parsed = AcknowledgementSchema.safeParse(json);
  if (!parsed.success) return `the answer is not the acknowledgement shape: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"} ${issue.message}`).join("; ")}`;
  const ack = parsed.data;
  if (ack.orderNotificationType !== sent.OrderNotificationType) return `orderNotificationType ${ack.orderNotificationType}, not ${sent.OrderNotificationType}`;
  if (ack.orderTrackingId !== sent.OrderTrackingId) return "orderTrackingId does not echo the notification";
  if (ack.orderMerchantReference !== sent.OrderMerchantReference) return "orderMerchantReference does not echo the notification";
  if (ack.status !== 200) return `status ${ack.status}: the merchant did not process it`;
  return null;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
