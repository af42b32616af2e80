import type { KeyMode } from "../contracts/api-keys.js";
import { renderEmail, type EmailMessage } from "./html.js";

/**
 * The product's transactional e-mails. Pure functions: the caller passes the product name and
 * public URL from its configuration and the links it built; nothing here reads config or time.
 */

export type { EmailMessage };

interface Product {
  productName: string;
  publicUrl: string;
}

export function confirmEmailMessage(input: Product & { fullName: string; link: string }): EmailMessage {
  const name = input.fullName.trim();
  return renderEmail({
    ...brand(input),
    subject: `Confirm your email address for ${input.productName}`,
    blocks: [
      { kind: "text", text: name ? `Hi ${name},` : "Hi," },
      { kind: "text", text: `Thanks for signing up for ${input.productName}. Confirm your email address to activate your account.` },
      { kind: "button", label: "Confirm email address", url: input.link },
      { kind: "text", text: "If you did not create an account, you can ignore this email: no account will be activated." },
    ],
    reason: `You received this email because this address was used to sign up for ${input.productName}.`,
  });
}

export function resetPasswordMessage(input: Product & { link: string; expiresInMinutes: number }): EmailMessage {
  return renderEmail({
    ...brand(input),
    subject: `Reset your ${input.productName} password`,
    blocks: [
      { kind: "text", text: "Hi," },
      { kind: "text", text: `We received a request to reset the password of your ${input.productName} account.` },
      { kind: "button", label: "Choose a new password", url: input.link },
      {
        kind: "text",
        text: `This link works once and expires in ${formatMinutes(input.expiresInMinutes)}. If you did not ask to reset your password, you can ignore this email: your password stays the same.`,
      },
    ],
    reason: `You received this email because a password reset was requested for this address on ${input.productName}.`,
  });
}

/**
 * Sent to the owner of an address when someone signs up with it again. The sign-up response
 * looks the same either way; only the owner learns that an account already exists.
 */
export function signUpAttemptOnExistingAccountMessage(input: Product & { signInLink: string; resetLink: string }): EmailMessage {
  return renderEmail({
    ...brand(input),
    subject: `Sign-up attempt with your ${input.productName} email address`,
    blocks: [
      { kind: "text", text: "Hi," },
      {
        kind: "text",
        text: `Someone, hopefully you, tried to create a new ${input.productName} account with this email address. You already have an account, so no new account was created.`,
      },
      { kind: "button", label: "Sign in", url: input.signInLink },
      { kind: "text", text: "Forgot your password? You can choose a new one:" },
      { kind: "button", label: "Reset your password", url: input.resetLink },
      { kind: "text", text: "If this was not you, you can ignore this email: nothing about your account has changed." },
    ],
    reason: `You received this email because this address belongs to a ${input.productName} account.`,
  });
}

export function passwordChangedMessage(input: Product): EmailMessage {
  return renderEmail({
    ...brand(input),
    subject: `Your ${input.productName} password was changed`,
    blocks: [
      { kind: "text", text: "Hi," },
      { kind: "text", text: `The password of your ${input.productName} account was just changed.` },
      { kind: "text", text: "If you made this change, there is nothing else to do." },
      {
        kind: "text",
        text: `If you did not, reset your password right away from the sign-in page at ${input.publicUrl} and review your API keys.`,
      },
    ],
    reason: `You received this email because the password of your ${input.productName} account changed.`,
  });
}

function brand({ productName, publicUrl }: Product): Product {
  return { productName, publicUrl };
}

function formatMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "1 hour" : `${hours} hours`;
  }
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export function usageThresholdMessage(input: Product & { percent: number; used: number; limit: number; resetDate: string; dashboardLink: string }): EmailMessage {
  const reached = input.percent >= 100;
  return renderEmail({
    ...brand(input),
    subject: reached ? `You have used all of this month's ${input.productName} requests` : `You have used ${input.percent}% of this month's ${input.productName} requests`,
    blocks: [
      { kind: "text", text: "Hi," },
      {
        kind: "text",
        text: `Your account has made ${input.used.toLocaleString("en-US")} of its ${input.limit.toLocaleString("en-US")} requests this month (${input.percent}%).`,
      },
      {
        kind: "text",
        text: reached
          ? `Further requests are refused with 429 until the quota resets on ${input.resetDate}, unless you upgrade your plan.`
          : `The quota resets on ${input.resetDate}. To avoid interruptions, consider upgrading your plan.`,
      },
      { kind: "button", label: "Review usage and plans", url: input.dashboardLink },
    ],
    reason: `You received this email because your ${input.productName} account reached a usage threshold.`,
  });
}

/**
 * Sent once when an outgoing-webhook endpoint is disabled after failing for days. The URL is the
 * owner's own; it is shown so they can tell which endpoint it is.
 */
export function webhookEndpointDisabledMessage(
  input: Product & { endpointId: string; mode: KeyMode; url: string; failingSince: Date; dashboardLink: string },
): EmailMessage {
  const kind = input.mode === "test" ? "test-mode" : "live";
  return renderEmail({
    ...brand(input),
    subject: `A ${input.productName} webhook endpoint was disabled`,
    blocks: [
      { kind: "text", text: "Hi," },
      {
        kind: "text",
        text: `Deliveries to your ${kind} webhook endpoint ${input.url} (${input.endpointId}) have failed since ${input.failingSince.toISOString().slice(0, 16).replace("T", " ")} UTC, so we disabled it: no more events are sent to it.`,
      },
      {
        kind: "text",
        text: `Once the endpoint answers with a 2xx status again, re-enable it (in the dashboard, or PATCH /v1/webhook-endpoints/{id} with is_active true and a ${input.mode} key) and replay the deliveries you missed from its delivery log.`,
      },
      { kind: "button", label: "Review webhook endpoints", url: input.dashboardLink },
    ],
    reason: `You received this email because a webhook endpoint of your ${input.productName} account was disabled.`,
  });
}

/** The receipt of a completed payment: what was bought, for how long, and the invoice number. */
export function paymentReceiptMessage(
  input: Product & {
    fullName: string;
    planName: string;
    periodLabel: string;
    amount: string;
    invoiceNumber: string;
    paidAt: Date;
    /** A downgrade starts when the current period ends; null: active now. */
    startsAt: Date | null;
    validUntil: Date;
    paymentMethod: string | null;
    dashboardLink: string;
  },
): EmailMessage {
  const name = input.fullName.trim();
  const standing = input.startsAt
    ? `Your ${input.planName} plan starts on ${formatDay(input.startsAt)}, when your current plan ends.`
    : `Your ${input.planName} plan is active.`;
  return renderEmail({
    ...brand(input),
    subject: `Your ${input.productName} receipt ${input.invoiceNumber}`,
    blocks: [
      { kind: "text", text: name ? `Hi ${name},` : "Hi," },
      { kind: "text", text: `Thank you for your payment. ${standing}` },
      {
        kind: "text",
        text: [
          `Invoice: ${input.invoiceNumber}`,
          `Plan: ${input.planName} (${input.periodLabel})`,
          `Amount paid: ${input.amount}`,
          ...(input.paymentMethod ? [`Payment method: ${input.paymentMethod}`] : []),
          `Paid on: ${formatDay(input.paidAt)}`,
          ...(input.startsAt ? [`Starts on: ${formatDay(input.startsAt)}`] : []),
          `Valid until: ${formatDay(input.validUntil)}`,
        ].join("\n"),
      },
      { kind: "button", label: "View billing", url: input.dashboardLink },
      { kind: "text", text: "Payments can be refunded within 30 days. Reply to this email or contact support if anything looks wrong." },
    ],
    reason: `You received this email because a payment was made for your ${input.productName} account.`,
  });
}

/** Before a paid period ends: when it expires, what happens after the grace days, and a link to pay again. */
export function renewalReminderMessage(
  input: Product & { fullName: string; planName: string; periodLabel: string; amount: string; expiresAt: Date; daysLeft: number; graceDays: number; renewLink: string },
): EmailMessage {
  const name = input.fullName.trim();
  const when = input.daysLeft === 1 ? "tomorrow" : `in ${input.daysLeft} days`;
  return renderEmail({
    ...brand(input),
    subject: `Your ${input.productName} ${input.planName} plan expires ${when}`,
    blocks: [
      { kind: "text", text: name ? `Hi ${name},` : "Hi," },
      { kind: "text", text: `Your ${input.planName} plan (${input.periodLabel}) expires on ${formatDay(input.expiresAt)}.` },
      {
        kind: "text",
        text: `Renew it for ${input.amount} to keep your limits. If it is not renewed, your account returns to the free plan ${input.graceDays} days after the expiry.`,
      },
      { kind: "button", label: "Renew your plan", url: input.renewLink },
    ],
    reason: `You received this email because your ${input.productName} plan is about to expire.`,
  });
}

/** To administrators: a completed payment was reversed or refunded and the period it bought left the account's timeline. */
export function paymentReversedAdminMessage(
  input: Product & { customerEmail: string; userId: string; planName: string; amount: string; invoiceNumber: string | null; merchantReference: string },
): EmailMessage {
  return renderEmail({
    ...brand(input),
    subject: `Payment reversed: ${input.invoiceNumber ?? input.merchantReference}`,
    blocks: [
      { kind: "text", text: "Hi," },
      {
        kind: "text",
        text: `The payment provider reports that the payment ${input.invoiceNumber ?? "(no invoice)"} (order ${input.merchantReference}, ${input.amount}) of ${input.customerEmail} (${input.userId}) was reversed.`,
      },
      { kind: "text", text: `The ${input.planName} period it paid for was removed; the account keeps what its other payments paid for, or returns to the free plan if none remain. Review the payment in the admin dashboard.` },
      { kind: "button", label: "Open the admin dashboard", url: new URL("/admin-dashboard", input.publicUrl).toString() },
    ],
    reason: `You received this email because you are an administrator of ${input.productName}.`,
  });
}

/** To administrators: a payment is held for review (amount or currency not ours, a reversal that does not match, …) and changes nothing until one of them decides. */
export function paymentReviewAdminMessage(
  input: Product & { customerEmail: string; userId: string; planName: string; amount: string; merchantReference: string; reason: string },
): EmailMessage {
  return renderEmail({
    ...brand(input),
    subject: `Payment to review: ${input.merchantReference}`,
    blocks: [
      { kind: "text", text: "Hi," },
      {
        kind: "text",
        text: `The payment of order ${input.merchantReference} (${input.amount}, ${input.planName}) of ${input.customerEmail} (${input.userId}) is held for review: ${input.reason}.`,
      },
      { kind: "text", text: "Nothing was activated or revoked for it. Decide in the admin dashboard, where it is listed under Needs Review." },
      { kind: "button", label: "Open the admin dashboard", url: new URL("/admin-dashboard", input.publicUrl).toString() },
    ],
    reason: `You received this email because you are an administrator of ${input.productName}.`,
  });
}

function formatDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
