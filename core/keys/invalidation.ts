import { z } from "zod";
import type { Redis } from "../redis.js";

/**
 * Every gateway caches key records for 30 s; revocation, deletion and plan changes are announced
 * on this channel so every cache drops the entry at once. Channels are not key-prefixed by the
 * Redis client, so the deployment's prefix is part of the name.
 */
export const KeyInvalidationSchema = z.union([
  z.object({ key_hash: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.object({ user_id: z.string().startsWith("usr_") }),
  /** Every cached key: a package definition changed under accounts on it. */
  z.object({ all: z.literal(true) }),
]);
export type KeyInvalidation = z.infer<typeof KeyInvalidationSchema>;

export function keyInvalidationChannel(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}keys:invalidate`;
}

export async function publishKeyInvalidation(redis: Redis, redisKeyPrefix: string, message: KeyInvalidation): Promise<void> {
  await redis.publish(keyInvalidationChannel(redisKeyPrefix), JSON.stringify(message));
}
