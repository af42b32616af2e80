import type { Database } from "../core/db/client.js";
import { hashPassword } from "../core/passwords.js";
import { insertAccount } from "../gateway/auth/users.js";
import { insertKey } from "../gateway/keys/key-records.js";
import { randomSuffix } from "./environment.js";

export const TEST_PASSWORD = "velvet-harbor-42";

/** A confirmed account made directly in the database, optionally an admin. */
export async function createAccount(
  db: Database,
  options: { email?: string; password?: string; role?: "user" | "admin"; confirmed?: boolean; fullName?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? `user-${randomSuffix()}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const id = await insertAccount(db, {
    email,
    fullName: options.fullName ?? "Test User",
    passwordHash: await hashPassword(password),
    confirmed: options.confirmed ?? true,
  });
  if (!id) throw new Error(`an account for ${email} exists already`);
  if (options.role === "admin") await db.updateTable("user_roles").set({ role: "admin" }).where("user_id", "=", id).execute();
  return { id, email, password };
}

/** The newest outbox message to an address. */
export async function latestEmail(db: Database, to: string) {
  return db
    .selectFrom("email_outbox")
    .selectAll()
    .where("to_address", "=", to)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The value of a query parameter in the first link of a text that has it. */
export function tokenFromText(text: string, parameter: string): string {
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const value = new URL(match[0]).searchParams.get(parameter);
    if (value) return value;
  }
  throw new Error(`no link with ?${parameter}= in:\n${text}`);
}

/** An account with one API key; `secret` is the full key to send as a bearer token. */
export async function createKeyedAccount(
  db: Database,
  options: { mode?: "live" | "test"; permission?: "read" | "write" | "admin"; monthlyCap?: number | null; requestLimit?: number | null; userId?: string } = {},
): Promise<{ userId: string; keyId: string; secret: string; authorization: { Authorization: string } }> {
  const userId = options.userId ?? (await createAccount(db)).id;
  if (options.requestLimit !== undefined) {
    await db.updateTable("user_packages").set({ request_limit: options.requestLimit }).where("user_id", "=", userId).execute();
  }
  const { row, secret } = await insertKey(db, userId, {
    name: "test key",
    mode: options.mode ?? "live",
    permission: options.permission ?? "write",
    monthlyCap: options.monthlyCap ?? null,
    expiresAt: null,
  });
  return { userId, keyId: row.id, secret, authorization: { Authorization: `Bearer ${secret}` } };
}
