import { sql } from "kysely";
import { hashToken, newSecretToken } from "./secret-tokens.js";
import type { Database } from "../db/client.js";
import { newId } from "../ids.js";

/** Single-use, expiring tokens carried by e-mail links; only their SHA-256 is stored. */
export type TokenPurpose = "confirm_email" | "reset_password";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 3_600_000,
  reset_password: 3_600_000,
};

/** Issues a token; earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(db: Database, userId: string, purpose: TokenPurpose, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("auth_tokens")
    .values({
      id: newId("tok"),
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    })
    .execute();
  return token;
}

/** Marks the token used and returns its user, atomically; undefined when unknown, used or expired. */
export async function consumeEmailToken(db: Database, token: string, purpose: TokenPurpose, now = new Date()): Promise<string | undefined> {
  const row = await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`${now}`)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** The user of a live token, without using it up (to validate a request before consuming). */
export async function peekEmailToken(db: Database, token: string, purpose: TokenPurpose, now = new Date()): Promise<string | undefined> {
  const row = await db
    .selectFrom("auth_tokens")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`${now}`)
    .executeTakeFirst();
  return row?.user_id;
}
