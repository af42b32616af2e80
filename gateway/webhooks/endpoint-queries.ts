import { sql, type Selectable, type Transaction } from "kysely";
import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { Database } from "../../core/db/client.js";
import type { DB, WebhookEndpoints } from "../../core/db/types.js";
import { newId } from "../../core/ids.js";

/**
 * Queries of webhook endpoints; every one is scoped to the owning account and to the modes its
 * caller may see (an API key: its own; the dashboard: both). Deleted ones are gone from lists and
 * changes; only reading one and its delivery log (findEndpointOrDeleted) still finds them, until
 * the purge removes them after the delivery log's retention period.
 */

export type EndpointRow = Selectable<WebhookEndpoints>;
type Db = Database | Transaction<DB>;

/** Whose endpoints: the account, and the modes the caller sees and manages. */
export interface EndpointOwner {
  userId: string;
  modes: readonly [KeyMode, ...KeyMode[]];
}

/** The endpoint's mode (webhook_endpoints_mode_check allows these two only). */
export function endpointMode(row: Pick<EndpointRow, "mode">): KeyMode {
  return row.mode === "test" ? "test" : "live";
}

function ownedEndpointsOrDeleted(db: Db, owner: EndpointOwner) {
  return db.selectFrom("webhook_endpoints").where("user_id", "=", owner.userId).where("mode", "in", owner.modes);
}

function ownedEndpoints(db: Db, owner: EndpointOwner) {
  return ownedEndpointsOrDeleted(db, owner).where("deleted_at", "is", null);
}

export async function insertEndpoint(
  db: Db,
  input: { userId: string; mode: KeyMode; url: string; events: string[]; description: string | null; secret: string; now: Date },
): Promise<EndpointRow> {
  return db
    .insertInto("webhook_endpoints")
    .values({
      id: newId("whe"),
      user_id: input.userId,
      mode: input.mode,
      url: input.url,
      events: input.events,
      description: input.description,
      secret: input.secret,
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findEndpoint(db: Db, owner: EndpointOwner, id: string): Promise<EndpointRow | undefined> {
  return ownedEndpoints(db, owner).selectAll().where("id", "=", id).executeTakeFirst();
}

/** The endpoint, deleted or not: for reading it and its delivery log. */
export async function findEndpointOrDeleted(db: Db, owner: EndpointOwner, id: string): Promise<EndpointRow | undefined> {
  return ownedEndpointsOrDeleted(db, owner).selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listEndpoints(db: Db, owner: EndpointOwner, page: { page: number; limit: number }): Promise<{ rows: EndpointRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    ownedEndpoints(db, owner)
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    ownedEndpoints(db, owner)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export interface EndpointChanges {
  url?: string;
  events?: string[];
  description?: string | null;
  isActive?: boolean;
}

/**
 * Applies the changes given. Disabling records when; re-enabling a disabled endpoint clears
 * disabled_at and the failure record, so the 5-day clock starts afresh.
 */
export async function updateEndpoint(db: Db, owner: EndpointOwner, id: string, changes: EndpointChanges, now: Date): Promise<EndpointRow | undefined> {
  return db
    .updateTable("webhook_endpoints")
    .set({
      updated_at: now,
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined ? { events: changes.events } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.isActive === true ? { is_active: true, disabled_at: null, failing_since: sql<Date | null>`case when is_active then failing_since else null end` } : {}),
      ...(changes.isActive === false ? { is_active: false, disabled_at: sql<Date>`coalesce(disabled_at, ${now})` } : {}),
    })
    .where("id", "=", id)
    .where("user_id", "=", owner.userId)
    .where("mode", "in", owner.modes)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** A new secret; the current one becomes the previous secret until `previousExpiresAt`. */
export async function replaceEndpointSecret(db: Db, owner: EndpointOwner, id: string, secret: string, previousExpiresAt: Date, now: Date): Promise<EndpointRow | undefined> {
  return db
    .updateTable("webhook_endpoints")
    .set({ previous_secret: sql<string>`secret`, previous_secret_expires_at: previousExpiresAt, secret, updated_at: now })
    .where("id", "=", id)
    .where("user_id", "=", owner.userId)
    .where("mode", "in", owner.modes)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Soft-deletes, in the caller's transaction: the endpoint receives nothing more (deliveries not
 * yet made are closed as failed), its secrets are erased, and its delivery log stays readable.
 */
export async function deleteEndpoint(trx: Transaction<DB>, owner: EndpointOwner, id: string, now: Date): Promise<Date | undefined> {
  const row = await trx
    .updateTable("webhook_endpoints")
    .set({ deleted_at: now, is_active: false, secret: "", previous_secret: null, previous_secret_expires_at: null, updated_at: now })
    .where("id", "=", id)
    .where("user_id", "=", owner.userId)
    .where("mode", "in", owner.modes)
    .where("deleted_at", "is", null)
    .returning("deleted_at")
    .executeTakeFirst();
  if (!row?.deleted_at) return undefined;
  await trx
    .updateTable("webhook_deliveries")
    .set({ status: "failed", next_attempt_at: null, error: "The endpoint was deleted before this attempt.", updated_at: now })
    .where("endpoint_id", "=", id)
    .where("status", "in", ["pending", "retrying"])
    .execute();
  return row.deleted_at;
}
