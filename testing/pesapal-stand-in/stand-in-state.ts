/**
 * What the Pesapal stand-in remembers: issued tokens, registered IPN URLs, orders and the IPNs
 * it sent. One merchant account per stand-in, like one pair of consumer keys at Pesapal.
 */

export type RedirectMode = "TOP_WINDOW" | "PARENT_WINDOW";

/** Pesapal's status_code: 0 INVALID (not paid yet), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
export type StandInStatusCode = 0 | 1 | 2 | 3;

export interface StandInRefund {
  amount: number;
  username: string;
  remarks: string;
  requestedAt: Date;
}

export interface StandInOrder {
  orderTrackingId: string;
  merchantReference: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  cancellationUrl: string | null;
  redirectMode: RedirectMode;
  notificationId: string;
  billingAddress: Record<string, string>;
  accountNumber: string | null;
  /** Pesapal's own format, local time without a zone: 2022-04-30T07:41:09.763 */
  createdDate: string;
  statusCode: StandInStatusCode;
  paymentMethod: string | null;
  paymentAccount: string | null;
  confirmationCode: string | null;
  /** "" or a reason such as request_terminated_by_user. */
  paymentStatusCode: string;
  /** The reason shown for a failed payment, e.g. "Unable to Authorize Transaction…". */
  failureDescription: string | null;
  /** The customer pressed Cancel on the hosted page (the order stays unpaid). */
  customerCancelled: boolean;
  /** CancelOrder accepted for this order. */
  cancelled: boolean;
  /** CancelOrder calls received (Pesapal allows one). */
  cancelRequests: number;
  refund: StandInRefund | null;
}

export interface StandInIpnRegistration {
  ipnId: string;
  url: string;
  notificationType: "GET" | "POST";
  createdDate: string;
}

/** One attempt to deliver an IPN, with what the merchant answered. */
export interface StandInIpnAttempt {
  orderTrackingId: string;
  ipnId: string;
  method: "GET" | "POST";
  /** The full URL called (GET carries the three parameters in its query). */
  url: string;
  /** The JSON body of a POST IPN, else null. */
  body: string | null;
  attempt: number;
  httpStatus: number | null;
  responseBody: string;
  /** True when the answer was HTTP 200 with exactly Pesapal's acknowledgement and status 200. */
  acknowledged: boolean;
  /** Why the answer did not count as an acknowledgement. */
  problem: string | null;
  sentAt: Date;
}

export interface StandInApiCall {
  method: string;
  /** Path and query under the origin, e.g. /pesapalv3/api/Auth/RequestToken */
  path: string;
  httpStatus: number;
}

export interface StandInState {
  tokens: Map<string, number>;
  ipns: StandInIpnRegistration[];
  /** Keyed by the lower-cased tracking id: Pesapal's GUIDs compare case-insensitively. */
  orders: Map<string, StandInOrder>;
  ipnAttempts: StandInIpnAttempt[];
  apiCalls: StandInApiCall[];
}

export function createStandInState(): StandInState {
  return { tokens: new Map(), ipns: [], orders: new Map(), ipnAttempts: [], apiCalls: [] };
}

export function findOrder(state: StandInState, orderTrackingId: string): StandInOrder | undefined {
  return state.orders.get(orderTrackingId.trim().toLowerCase());
}

/** Pesapal's created_date format: local date and time with milliseconds and no zone. */
export function pesapalDate(at: Date): string {
  return at.toISOString().replace(/Z$/, "");
}
