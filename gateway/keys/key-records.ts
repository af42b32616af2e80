import { sql } from "kysely";
import type { ApiKey, CreateKeyRequest, KeyMode, KeyPermission } from "../../core/contracts/api-keys.js";
import { maskKey } from "../../core/contracts/api-keys.js";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import { generateKey, hashKey, keyDisplayParts } from "../../core/keys/key-format.js";

/** Queries of the api_keys table, always scoped to the owner. */
export interface KeyRow {
  id: string;
  key_name: string;
  key_prefix: string;
  key_last4: string;
  mode: string;
  permission: string;
  monthly_cap: number | null;
  is_active: boolean;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
  key_hash: Buffer;
}

const KEY_COLUMNS = [
  "id", "key_name", "key_prefix", "key_last4", "mode", "permission", "monthly_cap", "is_active", "expires_at", "last_used_at", "created_at", "key_hash",
] as const;

export function serializeKey(row: KeyRow, usageThisMonth: number, now = new Date()): ApiKey {
  const expired = row.expires_at !== null && new Date(row.expires_at) <= now;
  return {
    id: row.id,
    name: row.key_name,
    masked: maskKey(row.key_prefix, row.key_last4),
    mode: row.mode === "test" ? "test" : "live",
    permission: (["read", "write", "admin"] as const).find((p) => p === row.permission) ?? "read",
    monthly_cap: row.monthly_cap,
    is_active: row.is_active && !expired,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    usage_this_month: usageThisMonth,
  };
}

export async function insertKey(
  db: Database,
  userId: string,
  input: { name: string; mode: KeyMode; permission: KeyPermission; monthlyCap: number | null; expiresAt: Date | null },
): Promise<{ row: KeyRow; secret: string }> {
  const secret = generateKey(input.mode);
  const { prefix, last4 } = keyDisplayParts(secret);
  const row = await db
    .insertInto("api_keys")
    .values({
      id: newId("key"),
      user_id: userId,
      key_name: input.name,
      key_hash: hashKey(secret),
      key_prefix: prefix,
      key_last4: last4,
      mode: input.mode,
      permission: input.permission,
      monthly_cap: input.monthlyCap,
      expires_at: input.expiresAt,
    })
    .returning(KEY_COLUMNS)
    .executeTakeFirstOrThrow();
  return { row, secret };
}

export function createKeyInput(request: CreateKeyRequest) {
  return {
    name: request.name,
    mode: request.mode,
    permission: request.permission,
    monthlyCap: request.monthly_cap,
    expiresAt: request.expires_at ? new Date(request.expires_at) : null,
  };
}

export function listKeyRows(db: Database, userId: string): Promise<KeyRow[]> {
  return db.selectFrom("api_keys").select(KEY_COLUMNS).where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export function findKeyRow(db: Database, userId: string, keyId: string): Promise<KeyRow | undefined> {
  return db.selectFrom("api_keys").select(KEY_COLUMNS).where("user_id", "=", userId).where("id", "=", keyId).executeTakeFirst();
}

export async function deleteKeyRow(db: Database, userId: string, keyId: string): Promise<Buffer | undefined> {
  const row = await db.deleteFrom("api_keys").where("user_id", "=", userId).where("id", "=", keyId).returning("key_hash").executeTakeFirst();
  return row?.key_hash;
}

/** Ends a key's life at `expiresAt` (kept earlier if it already expires sooner). */
export async function expireKeyAt(db: Database, userId: string, keyId: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable("api_keys")
    .set({ expires_at: sql<Date>`least(coalesce(expires_at, ${expiresAt}), ${expiresAt})`, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("id", "=", keyId)
    .execute();
}

/** Requests per key this month, from the flushed ledger. */
export async function monthlyKeyUsage(db: Database, keyIds: string[], monthStart: string): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db.selectFrom("api_key_usage").select(["key_id", "request_count"]).where("key_id", "in", keyIds).where("month", "=", monthStart).execute();
  return new Map(rows.map((row) => [row.key_id, row.request_count]));
}
