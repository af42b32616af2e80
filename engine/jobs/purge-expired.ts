import type { Database } from "../../core/db/client.js";

export interface PurgeResult {
  idempotency_keys: number;
  auth_tokens: number;
  sessions: number;
}

/** Deletes rows whose lifetime is over: idempotency records, used or expired tokens, dead sessions. */
export async function purgeExpiredRows(db: Database, now: Date = new Date()): Promise<PurgeResult> {
  const [idempotencyKeys, authTokens, sessions] = await Promise.all([
    db.deleteFrom("idempotency_keys").where("expires_at", "<", now).executeTakeFirst(),
    db.deleteFrom("auth_tokens").where("expires_at", "<", now).executeTakeFirst(),
    db.deleteFrom("sessions").where("expires_at", "<", now).executeTakeFirst(),
  ]);
  return {
    idempotency_keys: Number(idempotencyKeys.numDeletedRows),
    auth_tokens: Number(authTokens.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
  };
}
