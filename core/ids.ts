/**
 * Public identifiers: a prefix, an underscore and 22 base58 characters encoding 48 bits of
 * millisecond time followed by 80 random bits. Fixed width and an ASCII-ordered alphabet make
 * ids sort by creation time, which keeps primary-key indexes append-mostly.
 */
export const ID_PREFIXES = [
  "usr", "key", "wf", "exec", "evt", "whe", "del", "ds", "an", "ord", "inv",
  "ses", "tok", "step", "inc", "sub", "aud", "pkg", "bill", "mail", "req", "per",
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];
export type Id<P extends IdPrefix> = `${P}_${string}`;

export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BODY_LENGTH = 22; // ceil(128 / log2(58))
const BODY_PATTERN = new RegExp(`^[${BASE58_ALPHABET}]{${BODY_LENGTH}}$`);

/**
 * Big-endian bytes as exactly `length` base58 digits (leading zeros as "1"). Long division over
 * 32-bit limbs in plain numbers: request ids and key checksums are made on every request, and
 * BigInt arithmetic cost several microseconds each.
 */
export function encodeBase58Fixed(bytes: Uint8Array, length: number): string {
  const limbs: number[] = [];
  const head = bytes.length % 4;
  let i = 0;
  if (head > 0) {
    let limb = 0;
    for (; i < head; i++) limb = limb * 256 + bytes[i]!;
    limbs.push(limb);
  }
  for (; i < bytes.length; i += 4) limbs.push(bytes[i]! * 16_777_216 + bytes[i + 1]! * 65_536 + bytes[i + 2]! * 256 + bytes[i + 3]!);
  let first = 0;
  while (first < limbs.length && limbs[first] === 0) first++;
  let out = "";
  for (let digit = 0; digit < length; digit++) {
    let remainder = 0;
    for (let j = first; j < limbs.length; j++) {
      // remainder < 58, so the value stays below 2^38: exact in a double.
      const value = remainder * 4_294_967_296 + limbs[j]!;
      const quotient = Math.floor(value / 58);
      remainder = value - quotient * 58;
      limbs[j] = quotient;
    }
    while (first < limbs.length && limbs[first] === 0) first++;
    out = BASE58_ALPHABET[remainder]! + out;
  }
  if (first < limbs.length) throw new RangeError(`value does not fit in ${length} base58 characters`);
  return out;
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

/** `count` new ids of one kind, made at `now`. */
export function newIds<P extends IdPrefix>(prefix: P, count: number, now: number = Date.now()): Array<Id<P>> {
  return Array.from({ length: count }, () => newId(prefix, now));
}

/** 64 random bits as exactly 11 base58 digits (58^11 > 2^64). */
function randomBase58x11(): string {
  const bytes = new Uint8Array(8);
  fillRandom(bytes);
  return encodeBase58Fixed(bytes, 11);
}

/** Drawn once per process: request ids of two processes never collide. */
const REQUEST_ID_PROCESS_PART = randomBase58x11();

/**
 * A request id, shaped like every other id ("req_" and 22 base58 characters) but made four
 * times cheaper, as every request needs one: 11 characters fixed for this process and 11 of
 * fresh random bits. Unlike newId it carries no time: request ids are never stored nor sorted.
 */
export function newRequestId(): Id<"req"> {
  return `req_${REQUEST_ID_PROCESS_PART}${randomBase58x11()}`;
}

/** A well-formed id of this kind, whole: for schemas (and the OpenAPI document's `pattern`). */
export function idPattern(prefix: IdPrefix): RegExp {
  return new RegExp(`^${prefix}_[1-9A-HJ-NP-Za-km-z]{${BODY_LENGTH}}$`);
}

export function isId<P extends IdPrefix>(prefix: P, value: string): value is Id<P> {
  return value.startsWith(`${prefix}_`) && BODY_PATTERN.test(value.slice(prefix.length + 1));
}
