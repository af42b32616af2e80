import { createHmac, timingSafeEqual } from "node:crypto";
import { STATUS_LINK_PARAMS } from "../../core/contracts/status.js";
import type { Database } from "../../core/db/client.js";
import { queueEmail } from "../../core/email/outbox.js";
import { statusIncidentMessage } from "../../core/email/status-templates.js";

/**
 * Incident e-mails to the status page's confirmed subscribers. Their unsubscribe links are
 * signed (`s.<subscriber id>.<HMAC>`) rather than stored, so every notice's link keeps working
 * and sending one writes nothing but the outbox rows.
 */

const SIGNED_PREFIX = "s.";

function signature(secret: string, subscriberId: string): string {
  return createHmac("sha256", secret).update(`status-unsubscribe:${subscriberId}`).digest("base64url");
}

export function signedUnsubscribeToken(secret: string, subscriberId: string): string {
  return `${SIGNED_PREFIX}${subscriberId}.${signature(secret, subscriberId)}`;
}

/** The subscriber a signed unsubscribe token names, or undefined (a stored-token link, or a forgery). */
export function verifySignedUnsubscribeToken(secret: string, token: string): string | undefined {
  if (!token.startsWith(SIGNED_PREFIX)) return undefined;
  const [subscriberId, presented] = token.slice(SIGNED_PREFIX.length).split(".");
  if (!subscriberId || !presented) return undefined;
  const expected = Buffer.from(signature(secret, subscriberId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subscriberId : undefined;
}

/** Writes one notice per confirmed subscriber into the outbox (inside the caller's transaction); answers the outbox ids to send after commit. */
export async function queueIncidentNotices(
  trx: Database,
  input: { secret: string; productName: string; publicUrl: string; incident: { title: string; status: string; impact: string; description: string }; opened: boolean },
): Promise<string[]> {
  const subscribers = await trx.selectFrom("status_subscribers").select(["id", "email"]).where("confirmed_at", "is not", null).where("unsubscribed_at", "is", null).execute();
  const statusLink = new URL("/status", input.publicUrl).toString();
  const ids: string[] = [];
  for (const subscriber of subscribers) {
    const unsubscribe = new URL("/status", input.publicUrl);
    unsubscribe.searchParams.set(STATUS_LINK_PARAMS.unsubscribe, signedUnsubscribeToken(input.secret, subscriber.id));
    const message = statusIncidentMessage({ productName: input.productName, publicUrl: input.publicUrl, ...input.incident, statusLink, unsubscribeLink: unsubscribe.toString(), opened: input.opened });
    ids.push(await queueEmail(trx, { to: subscriber.email, template: "status-incident", ...message }));
  }
  return ids;
}
