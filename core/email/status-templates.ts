import { renderEmail, type EmailMessage } from "./html.js";

/**
 * The status page's subscription e-mails. Pure functions: the caller passes the product name,
 * the public URL and the links it built.
 */

interface Product {
  productName: string;
  publicUrl: string;
}

export function statusSubscriptionConfirmMessage(input: Product & { confirmLink: string; unsubscribeLink: string; expiresInDays: number }): EmailMessage {
  return renderEmail({
    productName: input.productName,
    publicUrl: input.publicUrl,
    subject: `Confirm your subscription to ${input.productName} status updates`,
    blocks: [
      { kind: "text", text: "Hi," },
      { kind: "text", text: `Confirm that you want to receive an email when ${input.productName} has an incident or scheduled maintenance.` },
      { kind: "button", label: "Confirm subscription", url: input.confirmLink },
      { kind: "text", text: `This link expires in ${input.expiresInDays} days. If you did not ask for status updates, you can ignore this email: nothing will be sent to you.` },
      { kind: "text", text: "Changed your mind later? This link ends the subscription at any time:" },
      { kind: "button", label: "Unsubscribe", url: input.unsubscribeLink },
    ],
    reason: `You received this email because this address was entered on the ${input.productName} status page.`,
  });
}

/**
 * Sent when an address that is already subscribed is entered again: the page answers the same
 * either way, so only the owner of the address learns that it was subscribed.
 */
export function statusAlreadySubscribedMessage(input: Product & { statusLink: string; unsubscribeLink: string }): EmailMessage {
  return renderEmail({
    productName: input.productName,
    publicUrl: input.publicUrl,
    subject: `You are already subscribed to ${input.productName} status updates`,
    blocks: [
      { kind: "text", text: "Hi," },
      { kind: "text", text: `Someone, hopefully you, entered this address on the ${input.productName} status page. It is already subscribed: you will keep receiving status updates.` },
      { kind: "button", label: "View current status", url: input.statusLink },
      { kind: "text", text: "To stop receiving status updates, use this link (earlier unsubscribe links no longer work):" },
      { kind: "button", label: "Unsubscribe", url: input.unsubscribeLink },
    ],
    reason: `You received this email because this address is subscribed to ${input.productName} status updates.`,
  });
}

/** An incident opened or changed on the status page, to every confirmed subscriber. */
export function statusIncidentMessage(
  input: Product & { title: string; status: string; impact: string; description: string; statusLink: string; unsubscribeLink: string; opened: boolean },
): EmailMessage {
  const state = input.status.charAt(0).toUpperCase() + input.status.slice(1);
  return renderEmail({
    productName: input.productName,
    publicUrl: input.publicUrl,
    subject: `[${input.productName} status] ${input.title}: ${state}`,
    blocks: [
      { kind: "text", text: "Hi," },
      {
        kind: "text",
        text: input.opened ? `We are looking into an incident: ${input.title} (${input.impact} impact).` : `Update on ${input.title}: the incident is now ${input.status}.`,
      },
      ...(input.description ? [{ kind: "text" as const, text: input.description }] : []),
      { kind: "button", label: "View current status", url: input.statusLink },
      { kind: "text", text: "To stop receiving status updates, use this link:" },
      { kind: "button", label: "Unsubscribe", url: input.unsubscribeLink },
    ],
    reason: `You received this email because this address is subscribed to ${input.productName} status updates.`,
  });
}
