import { hashKey, parseKey } from "../../core/keys/key-format.js";

/** How many keys are remembered before the table starts over. */
const MAX_KEYS = 10_000;

/**
 * The hex SHA-256 of a presented key, or null when it is not a well-formed key of ours (wrong
 * prefix or checksum). Clients send the same key with every request, and the format check, the
 * checksum and the hash are about a tenth of a metered request's CPU, so the hashes of keys that
 * passed the check are remembered. Only well-formed keys are kept, at most MAX_KEYS of them: a
 * flood of new keys only makes the table start over, which costs the check again and nothing else.
 * The keys stay in this process's memory, as the requests carrying them already do; they are
 * never written anywhere.
 */
export function createKeyHashes(): (raw: string) => string | null {
  let known = new Map<string, string>();
  return (raw) => {
    const remembered = known.get(raw);
    if (remembered !== undefined) return remembered;
    if (!parseKey(raw)) return null;
    const keyHash = hashKey(raw).toString("hex");
    if (known.size >= MAX_KEYS) known = new Map();
    known.set(raw, keyHash);
    return keyHash;
  };
}
