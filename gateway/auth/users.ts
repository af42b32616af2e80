import { sql } from "kysely";
import type { AuthUser, Role } from "../../core/contracts/auth.js";
import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import { FREE_PLAN_NAME } from "../../core/plans.js";

/** Account queries: users with their spec rows (profiles, user_roles, user_packages). */
export interface UserRecord {
  id: string;
  email: string;
  password_hash: string | null;
  confirmed_at: Date | null;
}

export function findUserByEmail(db: Database, email: string): Promise<UserRecord | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "email", "password_hash", "confirmed_at"])
    .where(sql<boolean>`lower(email) = lower(${email.trim()})`)
    .executeTakeFirst();
}

export function findUserById(db: Database, userId: string): Promise<UserRecord | undefined> {
  return db.selectFrom("users").select(["id", "email", "password_hash", "confirmed_at"]).where("id", "=", userId).executeTakeFirst();
}

/**
 * A new account: user, profile, role `user` and the free package, in the caller's transaction.
 * Returns undefined when the e-mail is already taken (case-insensitively).
 */
export async function insertAccount(
  trx: Database,
  input: { email: string; fullName: string | null; passwordHash: string | null; confirmed: boolean; avatarUrl?: string | null },
): Promise<string | undefined> {
  const id = newId("usr");
  const inserted = await trx
    .insertInto("users")
    .values({ id, email: input.email.trim(), password_hash: input.passwordHash, confirmed_at: input.confirmed ? sql<Date>`now()` : null })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return undefined;
  await trx.insertInto("profiles").values({ id, user_id: id, email: input.email.trim(), full_name: input.fullName, avatar_url: input.avatarUrl ?? null }).execute();
  await trx.insertInto("user_roles").values({ user_id: id, role: "user" }).execute();
  await trx.insertInto("user_packages").values({ id: newId("pkg"), user_id: id, package_name: FREE_PLAN_NAME }).execute();
  return id;
}

export async function markConfirmed(db: Database, userId: string): Promise<void> {
  await db.updateTable("users").set({ confirmed_at: sql`coalesce(confirmed_at, now())`, updated_at: sql`now()` }).where("id", "=", userId).execute();
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash, updated_at: sql`now()` }).where("id", "=", userId).execute();
}

/** The user's role; a missing row is created as `user` (SPEC.md section 4). */
export async function ensureRole(db: Database, userId: string): Promise<Role> {
  const row = await db
    .insertInto("user_roles")
    .values({ user_id: userId, role: "user" })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ user_id: (eb) => eb.ref("excluded.user_id") }))
    .returning("role")
    .executeTakeFirstOrThrow();
  return row.role === "admin" ? "admin" : "user";
}

/** What GET /auth/user answers: the user, the profile (created if missing) and the role. */
export async function loadAuthUser(db: Database, userId: string, accessExpiresAt: Date): Promise<AuthUser | undefined> {
  const user = await db.selectFrom("users").select(["id", "email", "confirmed_at", "created_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  await db
    .insertInto("profiles")
    .values({ id: user.id, user_id: user.id, email: user.email, full_name: null })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const [profile, role] = await Promise.all([
    db.selectFrom("profiles").select(["id", "user_id", "email", "full_name", "avatar_url"]).where("user_id", "=", userId).executeTakeFirstOrThrow(),
    ensureRole(db, userId),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      email_confirmed_at: user.confirmed_at ? new Date(user.confirmed_at).toISOString() : null,
      created_at: new Date(user.created_at).toISOString(),
    },
    profile,
    role,
    session: { access_expires_at: accessExpiresAt.toISOString() },
  };
}
