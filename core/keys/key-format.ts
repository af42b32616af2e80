import { hash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { BASE58_ALPHABET, encodeBase58Fixed } from "../ids.js";
import type { KeyMode } from "../contracts/api-keys.js";

/**
 * API keys: `sk_live_` or `sk_test_`, 192 random bits in 33 base58 characters, then a CRC32 of
 * everything before it in 6 base58 characters. A mistyped key fails the checksum without any
 * I/O. Keys of the previous platform (`ak_…`) have no checksum and are live.
 */
const BODY_LENGTH = 33;
const CHECKSUM_LENGTH = 6;
const BASE58 = `[${BASE58_ALPHABET}]`;
const SK_PATTERN = new RegExp(`^sk_(live|test)_(${BASE58}{${BODY_LENGTH}})(${BASE58}{${CHECKSUM_LENGTH}})$`);
const AK_PATTERN = /^ak_[A-Za-z0-9_-]{16,128}$/;

export type ParsedKey = { kind: "sk"; mode: KeyMode } | { kind: "ak"; mode: "live" };

function checksum(text: string): string {
  const value = crc32(text);
  const bytes = new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  return encodeBase58Fixed(bytes, CHECKSUM_LENGTH);
}

export function generateKey(mode: KeyMode): string {
  const head = `sk_${mode}_${encodeBase58Fixed(randomBytes(24), BODY_LENGTH)}`;
  return `${head}${checksum(head)}`;
}

/** Format and checksum only; null for anything that cannot be a key of ours. */
export function parseKey(raw: string): ParsedKey | null {
  const sk = SK_PATTERN.exec(raw);
  if (sk) {
    const head = raw.slice(0, raw.length - CHECKSUM_LENGTH);
    return checksum(head) === sk[3] ? { kind: "sk", mode: sk[1] === "test" ? "test" : "live" } : null;
  }
  return AK_PATTERN.test(raw) ? { kind: "ak", mode: "live" } : null;
}

/** What is stored and looked up: SHA-256 of the whole key. */
export function hashKey(raw: string): Buffer {
  return hash("sha256", raw, "buffer");
}

/** The parts kept for display: first 8 and last 4 characters. */
export function keyDisplayParts(raw: string): { prefix: string; last4: string } {
  return { prefix: raw.slice(0, 8), last4: raw.slice(-4) };
}
