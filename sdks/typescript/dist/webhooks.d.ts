/** Signatures older or newer than this are refused (replay protection), in seconds. */
export declare const DEFAULT_TOLERANCE_SECONDS = 300;
export interface VerifyWebhookInput {
    /** The raw request body, exactly as received (not re-serialised JSON). */
    payload: string;
    headers: Headers | Record<string, string | string[] | undefined>;
    /** The endpoint's signing secret (whsec_...). */
    secret: string;
    toleranceSeconds?: number;
    now?: Date;
}
/**
 * Checks a webhook from Sluice and returns its parsed event. Either signature form is accepted:
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`, keyed
 * with the secret's base64 part, the timestamp within `toleranceSeconds`), or GitHub's
 * (`X-Webhook-Signature-256: sha256=<hex>` of the body, keyed with the secret as shown).
 * Throws WebhookVerificationError otherwise.
 */
export declare function verifyWebhook<T = unknown>(input: VerifyWebhookInput): Promise<T>;
