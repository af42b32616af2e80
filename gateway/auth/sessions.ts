import { sql } from "kysely";
import { hashToken, newSecretToken } from "../../core/auth/secret-tokens.js";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";

/**
 * Refresh-token sessions. Each sign-in starts a family; every refresh rotates the token (a new
 * row in the family, the old one marked rotated). A rotated token presented again means it was
 * copied: the whole family is revoked. Two tabs refreshing at the same moment present the same
 * token within a few seconds; that race is tolerated for ROTATION_GRACE_MS.
 */
export const PERSISTENT_SESSION_MS = 30 * 24 * 3_600_000;
export const BROWSER_SESSION_MS = 24 * 3_600_000;
export const ROTATION_GRACE_MS = 10_000;

export interface IssuedRefreshToken {
  userId: string;
  familyId: string;
  refreshToken: string;
  expiresAt: Date;
  persistent: boolean;
}

export type RotationResult =
  | ({ kind: "rotated" } & IssuedRefreshToken)
  | { kind: "invalid" }
  | { kind: "reused"; userId: string; familyId: string };

interface SessionContext {
  ip: string | null;
  userAgent: string | null;
}

async function insertSessionRow(
  db: Database,
  row: { userId: string; familyId: string; persistent: boolean; now: Date } & SessionContext,
): Promise<IssuedRefreshToken> {
  const refreshToken = newSecretToken();
  const expiresAt = new Date(row.now.getTime() + (row.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  await db
    .insertInto("sessions")
    .values({
      id: newId("ses"),
      user_id: row.userId,
      family_id: row.familyId,
      token_hash: hashToken(refreshToken),
      persistent: row.persistent,
      ip: row.ip,
      user_agent: row.userAgent?.slice(0, 500) ?? null,
      created_at: row.now,
      expires_at: expiresAt,
    })
    .execute();
  return { userId: row.userId, familyId: row.familyId, refreshToken, expiresAt, persistent: row.persistent };
}

export function startSession(
  db: Database,
  input: { userId: string; persistent: boolean } & SessionContext,
  now = new Date(),
): Promise<IssuedRefreshToken> {
  return insertSessionRow(db, { ...input, familyId: newId("ses"), now });
}

export async function rotateSession(db: Database, refreshToken: string, context: SessionContext, now = new Date()): Promise<RotationResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("sessions")
      .select(["id", "user_id", "family_id", "persistent", "expires_at", "rotated_at", "revoked_at"])
      .where("token_hash", "=", hashToken(refreshToken))
      .forUpdate()
      .executeTakeFirst();
    if (!current || current.revoked_at || new Date(current.expires_at) <= now) return { kind: "invalid" } as const;

    if (current.rotated_at) {
      const sinceRotation = now.getTime() - new Date(current.rotated_at).getTime();
      if (sinceRotation > ROTATION_GRACE_MS) {
        await revokeFamily(trx, current.family_id, now);
        return { kind: "reused", userId: current.user_id, familyId: current.family_id } as const;
      }
    } else {
      await trx.updateTable("sessions").set({ rotated_at: now }).where("id", "=", current.id).execute();
    }
    const issued = await insertSessionRow(trx, {
      userId: current.user_id,
      familyId: current.family_id,
      persistent: current.persistent,
      now,
      ...context,
    });
    return { kind: "rotated", ...issued } as const;
  });
}

export async function revokeFamily(db: Database, familyId: string, now = new Date()): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now }).where("family_id", "=", familyId).where("revoked_at", "is", null).execute();
}

/** Global sign-out, and what a password reset does: every session of the user ends now. */
export async function revokeUserSessions(db: Database, userId: string, now = new Date()): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

/**
 * True while the family has a live (unrevoked, unexpired) token and belongs to the user: access
 * tokens of a revoked family stop working at once, and a token naming one user's session and
 * another user (it would take the signing secret to forge) is refused.
 */
export async function isSessionFamilyActive(db: Database, session: { userId: string; familyId: string }, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select(sql<number>`1`.as("live"))
    .where("family_id", "=", session.familyId)
    .where("user_id", "=", session.userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user a refresh token was issued to (used or not), so sign-out works with it alone. */
export async function findRefreshTokenOwner(db: Database, refreshToken: string): Promise<string | undefined> {
  const row = await db.selectFrom("sessions").select("user_id").where("token_hash", "=", hashToken(refreshToken)).executeTakeFirst();
  return row?.user_id;
}
