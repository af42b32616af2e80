/**
 * Public identifiers: a prefix, an underscore and 22 base58 characters encoding 48 bits of
 * millisecond time followed by 80 random bits. Fixed width and an ASCII-ordered alphabet make
 * ids sort by creation time, which keeps primary-key indexes append-mostly.
 */
export const ID_PREFIXES = [
  "usr", "key", "wf", "exec", "evt", "whe", "del", "ds", "an", "ord", "inv",
  "ses", "tok", "step", "inc", "sub", "aud", "pkg", "bill", "mail", "req",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];
export type Id<P extends IdPrefix> = `${P}_${string}`;

export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BODY_LENGTH = 22; // ceil(128 / log2(58))
const BODY_PATTERN = new RegExp(`^[${BASE58_ALPHABET}]{${BODY_LENGTH}}$`);

export function encodeBase58Fixed(bytes: Uint8Array, length: number): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = "";
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  if (out.length > length) throw new RangeError(`value does not fit in ${length} base58 characters`);
  return out.padStart(length, BASE58_ALPHABET[0]);
}

/** Random bytes drawn from a pool refilled 4 KiB at a time: one system call per ~400 ids. */
const pool = new Uint8Array(4_096);
let poolOffset = pool.length;

function fillRandom(target: Uint8Array): void {
  if (poolOffset + target.length > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  target.set(pool.subarray(poolOffset, poolOffset + target.length));
  // Bytes handed out are overwritten so they can never be handed out again.
  pool.fill(0, poolOffset, poolOffset + target.length);
  poolOffset += target.length;
}

export function newId<P extends IdPrefix>(prefix: P, now: number = Date.now()): Id<P> {
  const bytes = new Uint8Array(16);
  fillRandom(bytes.subarray(6));
  let time = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  return `${prefix}_${encodeBase58Fixed(bytes, BODY_LENGTH)}`;
}

export function isId<P extends IdPrefix>(prefix: P, value: string): value is Id<P> {
  return value.startsWith(`${prefix}_`) && BODY_PATTERN.test(value.slice(prefix.length + 1));
}
