import { createHmac, randomBytes } from "node:crypto";

/**
 * Signatures of outgoing webhooks (DESIGN.md section 7). Every attempt carries two, both over
 * the exact bytes sent:
 * - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`,
 *   keyed with the base64-DECODED bytes after `whsec_`;
 * - GitHub's form: `X-Webhook-Signature-256: sha256=<hex HMAC-SHA256 of the body>`, keyed with
 *   the WHOLE secret string as shown to the user.
 * docs/webhooks.md publishes a test vector (asserted in signing.test.ts) and how to verify both.
 */

export const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 24;
/** After a rotation, the previous secret keeps signing (second signature) this long. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** A new signing secret: `whsec_` and the base64 of 24 random bytes (192 bits). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The HMAC key of the Standard Webhooks signature: the bytes the base64 after `whsec_` encodes. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** `v1,<base64>`: one Standard Webhooks signature of `${id}.${timestamp}.${body}`. */
export function standardWebhooksSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac("sha256", standardKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

/** `sha256=<hex>`: GitHub's form, keyed with the secret string exactly as shown. */
export function githubStyleSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface SignatureInput {
  /** The event id (`evt_...`): the same on every attempt, so receivers can deduplicate. */
  eventId: string;
  /** The time of this attempt. */
  at: Date;
  /** The exact body sent. */
  body: string;
  secret: string;
  /** A rotated-out secret still inside its grace period: signed second, in webhook-signature only. */
  previousSecret?: string | null;
}

/** The signature headers of one attempt. */
export function signatureHeaders(input: SignatureInput): Record<string, string> {
  const timestamp = Math.floor(input.at.getTime() / 1000);
  const signatures = [input.secret, ...(input.previousSecret ? [input.previousSecret] : [])].map((secret) =>
    standardWebhooksSignature(secret, input.eventId, timestamp, input.body),
  );
  return {
    "webhook-id": input.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
    "X-Webhook-Signature-256": githubStyleSignature(input.secret, input.body),
  };
}

/** The previous secret if it is still inside its grace period at `now`. */
export function activePreviousSecret(endpoint: { previous_secret: string | null; previous_secret_expires_at: Date | null }, now: Date): string | null {
  if (!endpoint.previous_secret || !endpoint.previous_secret_expires_at) return null;
  return endpoint.previous_secret_expires_at > now ? endpoint.previous_secret : null;
}
