import { createHash } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";

/** How long an Idempotency-Key keeps answering with the original result (DESIGN.md section 6). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** JSON with object keys sorted at every level, so equal values always give equal bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const entries = Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

/** SHA-256 of the canonical JSON of a request: what a reused key must match. */
export function requestHash(value: unknown): Buffer {
  return createHash("sha256").update(canonicalJson(value)).digest();
}

export type IdempotencyClaim =
  | { claimed: true }
  | { claimed: false; resourceId: string | null; sameRequest: boolean };

/**
 * Claims `key` within `scope` for `resourceId`, inside the caller's transaction. The first
 * request (or the first after the previous claim expired) gets `claimed: true` and must create
 * the resource in the same transaction; a concurrent identical request waits on the row lock
 * until that commits and then sees the original. A rolled-back transaction leaves no claim.
 */
export async function claimIdempotencyKey(
  trx: Transaction<DB> | Database,
  claim: { userId: string; scope: string; key: string; hash: Buffer; resourceId: string; now: Date },
): Promise<IdempotencyClaim> {
  const expiresAt = new Date(claim.now.getTime() + IDEMPOTENCY_TTL_MS);
  const inserted = await trx
    .insertInto("idempotency_keys")
    .values({
      user_id: claim.userId,
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.hash,
      resource_id: claim.resourceId,
      created_at: claim.now,
      expires_at: expiresAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "scope", "key"])
        .doUpdateSet({
          request_hash: claim.hash,
          resource_id: claim.resourceId,
          response_status: null,
          response: null,
          created_at: claim.now,
          expires_at: expiresAt,
        })
        // Only an expired claim is taken over; a live one is left to answer the retry.
        .where(sql<boolean>`idempotency_keys.expires_at <= ${claim.now}`),
    )
    .returning("resource_id")
    .executeTakeFirst();
  if (inserted) return { claimed: true };

  const existing = await trx
    .selectFrom("idempotency_keys")
    .select(["request_hash", "resource_id"])
    .where("user_id", "=", claim.userId)
    .where("scope", "=", claim.scope)
    .where("key", "=", claim.key)
    .executeTakeFirstOrThrow();
  return { claimed: false, resourceId: existing.resource_id, sameRequest: existing.request_hash.equals(claim.hash) };
}
