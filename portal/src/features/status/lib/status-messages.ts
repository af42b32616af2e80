import { STATUS_MESSAGES } from "../../../../../core/contracts/status";

/** Toast texts and durations of the status page (SPEC: 5 s after a success flag, 3 s after subscribing). */

export const SUCCESS_FLAG_TOAST = {
  title: "Success!",
  description: { subscription: STATUS_MESSAGES.confirmed, payment: "Your payment was completed successfully." },
  durationMs: 5_000,
} as const;

export const SUBSCRIBED_TOAST = {
  title: "Subscribed!",
  description: (email: string) => `You'll receive status updates by email. Confirm with the link we sent to ${email}.`,
  durationMs: 3_000,
} as const;

export const UNSUBSCRIBED_TITLE = "Unsubscribed";
export const LINK_FAILED_TITLE = "This link did not work";
export const SUBSCRIBE_FAILED_TITLE = "Could not subscribe";
