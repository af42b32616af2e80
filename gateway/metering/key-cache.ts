import type { Database } from "../../core/db/client.js";
import { KeyInvalidationSchema, keyInvalidationChannel } from "../../core/keys/invalidation.js";
import type { Logger } from "../../core/logger.js";
import type { Redis } from "../../core/redis.js";
import { loadKeyContext, type KeyContext } from "./key-context.js";

export const KEY_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

export interface KeyCache {
  /**
   * The key's context (null for an unknown or revoked key), from memory for up to 30 s. A hit is
   * answered at once, not as a promise: most requests hit, and each await costs a turn of the
   * microtask queue.
   */
  get: (keyHashHex: string, now: Date) => KeyContext | null | Promise<KeyContext | null>;
  evictKey: (keyHashHex: string) => void;
  evictUser: (userId: string) => void;
  close: () => Promise<void>;
}

/**
 * In-process cache of key records. Each gateway subscribes to the invalidation channel, so a
 * revocation, deletion or plan change published by any gateway drops the entry everywhere at
 * once; the TTL bounds staleness if a message is ever missed. Concurrent misses share one query.
 */
export function createKeyCache(deps: { db: Database; subscriber: Redis; redisKeyPrefix: string; logger: Logger }): KeyCache {
  const entries = new Map<string, { value: KeyContext | null; expiresAt: number }>();
  const loading = new Map<string, Promise<KeyContext | null>>();

  const channel = keyInvalidationChannel(deps.redisKeyPrefix);
  const onMessage = (received: string, payload: string) => {
    if (received !== channel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const message = KeyInvalidationSchema.safeParse(parsed);
    if (!message.success) return;
    if ("key_hash" in message.data) cache.evictKey(message.data.key_hash);
    else if ("user_id" in message.data) cache.evictUser(message.data.user_id);
    else entries.clear();
  };
  deps.subscriber.on("message", onMessage);
  deps.subscriber.subscribe(channel).catch((error: unknown) => deps.logger.warn({ err: error }, "key invalidation subscribe failed"));

  /** Reads a key from PostgreSQL and remembers it; concurrent misses of one key share the query. */
  async function load(keyHashHex: string, now: Date): Promise<KeyContext | null> {
    let pending = loading.get(keyHashHex);
    if (!pending) {
      pending = loadKeyContext(deps.db, Buffer.from(keyHashHex, "hex"), now).finally(() => loading.delete(keyHashHex));
      loading.set(keyHashHex, pending);
    }
    const value = await pending;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? "");
    entries.set(keyHashHex, { value, expiresAt: now.getTime() + KEY_CACHE_TTL_MS });
    return value;
  }

  const cache: KeyCache = {
    get(keyHashHex, now) {
      const hit = entries.get(keyHashHex);
      return hit && hit.expiresAt > now.getTime() ? hit.value : load(keyHashHex, now);
    },
    evictKey(keyHashHex) {
      entries.delete(keyHashHex);
    },
    evictUser(userId) {
      for (const [id, entry] of entries) if (entry.value?.userId === userId) entries.delete(id);
    },
    async close() {
      deps.subscriber.off("message", onMessage);
      await deps.subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
  return cache;
}
