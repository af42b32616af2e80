import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The secret path segment of a workflow's inbound URL: 32 random bytes, base64url. */
export const HOOK_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateHookSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Compares a presented secret with the stored one in constant time. Both are hashed first so
 * the comparison takes the same time whatever their lengths; with no stored secret (unknown
 * workflow) a comparison is still made, so the answer takes as long as a wrong secret's.
 */
export function hookSecretMatches(presented: string, stored: string | undefined): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const same = timingSafeEqual(digest(presented), digest(stored ?? generateHookSecret()));
  return same && stored !== undefined;
}

/** `${PUBLIC_URL}/hooks/{id}/{secret}`: where a webhook-triggered workflow receives its data. */
export function hookUrl(publicUrl: string, workflowId: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/hooks/${workflowId}/${secret}`;
}
