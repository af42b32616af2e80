import {
  StatusMessageSchema,
  StatusPageSchema,
  type StatusMessage,
  type StatusPage,
} from "../../../../../core/contracts/status";
import { apiRequest } from "../../../lib/api-client";

/** The calls of the public status page (no session; state changes carry the CSRF header). */

export function getStatusPage(signal?: AbortSignal): Promise<StatusPage> {
  return apiRequest("/api/status", { schema: StatusPageSchema, signal });
}

/** Sends a confirmation link; the answer is the same whether or not the address is already subscribed. */
export function subscribeToStatus(email: string): Promise<StatusMessage> {
  return apiRequest("/api/status/subscribe", { method: "POST", body: { email }, schema: StatusMessageSchema });
}

export function confirmStatusSubscription(token: string): Promise<StatusMessage> {
  return apiRequest("/api/status/subscription/confirm", { method: "POST", body: { token }, schema: StatusMessageSchema });
}

export function unsubscribeFromStatus(token: string): Promise<StatusMessage> {
  return apiRequest("/api/status/subscription/unsubscribe", { method: "POST", body: { token }, schema: StatusMessageSchema });
}
