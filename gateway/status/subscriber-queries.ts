import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";

/** status_subscribers: one row per address (case-insensitive); only token digests are stored. */

export interface SubscriberTokens {
  confirmHash: Buffer;
  unsubscribeHash: Buffer;
}

/** Inserts a pending subscriber; undefined when the address already has a row. */
export async function insertPendingSubscriber(db: Database, email: string, tokens: SubscriberTokens, now: Date): Promise<string | undefined> {
  const row = await db
    .insertInto("status_subscribers")
    .values({ id: newId("sub"), email, confirm_token_hash: tokens.confirmHash, unsubscribe_token_hash: tokens.unsubscribeHash, confirm_sent_at: now })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** The address's row, locked until the transaction ends. */
export function lockSubscriberByEmail(db: Database, email: string) {
  return db
    .selectFrom("status_subscribers")
    .select(["id", "confirmed_at", "unsubscribed_at"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

/** New links for a pending (or formerly unsubscribed) address: earlier ones stop working. */
export async function reissueSubscriberTokens(db: Database, id: string, tokens: SubscriberTokens, now: Date): Promise<void> {
  await db
    .updateTable("status_subscribers")
    .set({ confirm_token_hash: tokens.confirmHash, unsubscribe_token_hash: tokens.unsubscribeHash, confirm_sent_at: now })
    .where("id", "=", id)
    .execute();
}

export async function replaceUnsubscribeToken(db: Database, id: string, unsubscribeHash: Buffer): Promise<void> {
  await db.updateTable("status_subscribers").set({ unsubscribe_token_hash: unsubscribeHash }).where("id", "=", id).execute();
}

/** Confirms the subscriber whose live confirmation link this is (sent after `sentAfter`); false when none is. */
export async function confirmSubscriber(db: Database, confirmHash: Buffer, sentAfter: Date, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("status_subscribers")
    .set({ confirmed_at: now, unsubscribed_at: null })
    .where("confirm_token_hash", "=", confirmHash)
    .where("confirm_sent_at", ">", sentAfter)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the subscription of this unsubscribe link (again is fine); its confirmation link dies with it. */
export async function unsubscribeSubscriber(db: Database, unsubscribeHash: Buffer, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("status_subscribers")
    .set({ unsubscribed_at: sql<Date>`coalesce(unsubscribed_at, ${now})`, confirm_token_hash: null })
    .where("unsubscribe_token_hash", "=", unsubscribeHash)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a subscription named by id (a signed unsubscribe link); false when there is no such subscriber. */
export async function unsubscribeSubscriberById(db: Database, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("status_subscribers")
    .set({ unsubscribed_at: sql<Date>`coalesce(unsubscribed_at, ${now})`, confirm_token_hash: null })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
