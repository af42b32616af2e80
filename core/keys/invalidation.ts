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
]);
export type KeyInvalidation = z.infer<typeof KeyInvalidationSchema>;

export function keyInvalidationChannel(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}keys:invalidate`;
}

export async function publishKeyInvalidation(redis: Redis, redisKeyPrefix: string, message: KeyInvalidation): Promise<void> {
  await redis.publish(keyInvalidationChannel(redisKeyPrefix), JSON.stringify(message));
}
