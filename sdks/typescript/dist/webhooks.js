import { WebhookVerificationError } from "./errors.js";
/** Signatures older or newer than this are refused (replay protection), in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
const encoder = new TextEncoder();
function header(headers, name) {
    if (headers instanceof Headers)
        return headers.get(name) ?? undefined;
    const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
    const value = entry?.[1];
    return Array.isArray(value) ? value[0] : value;
}
async function hmac(key, message) {
    const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}
function equal(a, b) {
    if (a.length !== b.length)
        return false;
    let difference = 0;
    for (let i = 0; i < a.length; i++)
        difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
    return difference === 0;
}
function fromBase64(text) {
    try {
        return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    }
    catch {
        return new Uint8Array();
    }
}
const fromHex = (text) => (/^([0-9a-f]{2})*$/i.test(text) ? Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16)) : new Uint8Array());
/**
 * Checks a webhook from Sluice and returns its parsed event. Either signature form is accepted:
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`, keyed
 * with the secret's base64 part, the timestamp within `toleranceSeconds`), or GitHub's
 * (`X-Webhook-Signature-256: sha256=<hex>` of the body, keyed with the secret as shown).
 * Throws WebhookVerificationError otherwise.
 */
export async function verifyWebhook(input) {
    const signature = header(input.headers, "webhook-signature");
    if (signature !== undefined) {
        const id = header(input.headers, "webhook-id");
        const timestamp = header(input.headers, "webhook-timestamp");
        if (!id || !timestamp || !/^\d+$/.test(timestamp))
            throw new WebhookVerificationError("webhook-id or webhook-timestamp is missing.");
        const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
        if (Math.abs(now - Number(timestamp)) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))
            throw new WebhookVerificationError("The webhook's timestamp is outside the tolerance.");
        const key = fromBase64(input.secret.startsWith("whsec_") ? input.secret.slice(6) : input.secret);
        const expected = await hmac(key, `${id}.${timestamp}.${input.payload}`);
        const valid = signature.split(" ").some((part) => part.startsWith("v1,") && equal(fromBase64(part.slice(3)), expected));
        if (!valid)
            throw new WebhookVerificationError("No signature matches.");
    }
    else {
        const github = header(input.headers, "x-webhook-signature-256");
        if (!github?.startsWith("sha256="))
            throw new WebhookVerificationError("The webhook carries no signature.");
        const expected = await hmac(encoder.encode(input.secret), input.payload);
        if (!equal(fromHex(github.slice(7)), expected))
            throw new WebhookVerificationError("The signature does not match.");
    }
    try {
        return JSON.parse(input.payload);
    }
    catch {
        throw new WebhookVerificationError("The body is not JSON.");
    }
}
