import type { Database } from "../../core/db/client.js";

export interface PurgeResult {
  idempotency_keys: number;
  auth_tokens: number;
  sessions: number;
  usage_flush_batches: number;
}

/** Deletes rows whose lifetime is over: idempotency records, used or expired tokens, dead sessions. */
export async function purgeExpiredRows(db: Database, now: Date = new Date()): Promise<PurgeResult> {
  const [idempotencyKeys, authTokens, sessions, flushBatches] = await Promise.all([
    db.deleteFrom("idempotency_keys").where("expires_at", "<", now).executeTakeFirst(),
    db.deleteFrom("auth_tokens").where("expires_at", "<", now).executeTakeFirst(),
    db.deleteFrom("sessions").where("expires_at", "<", now).executeTakeFirst(),
    // Batch ids are remembered a day: the usage flush does not apply a usage hash older than the oldest one kept.
    db.deleteFrom("usage_flush_batches").where("applied_at", "<", new Date(now.getTime() - 24 * 3_600_000)).executeTakeFirst(),
  ]);
  return {
    idempotency_keys: Number(idempotencyKeys.numDeletedRows),
    auth_tokens: Number(authTokens.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    usage_flush_batches: Number(flushBatches.numDeletedRows),
  };
}
