import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** An unguessable token for a link or cookie: 32 random bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What we store instead of a token: its SHA-256 digest. */
export function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
