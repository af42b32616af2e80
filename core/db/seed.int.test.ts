import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../migrations/run.js";
import { useTestDatabase } from "../../testing/database.js";
import { newId } from "../ids.js";
import { hashPassword, verifyPassword } from "../passwords.js";
import { PLAN_CATALOGUE } from "../plans.js";
import type { Database } from "./client.js";
import { seedAdmin, seedPlanCatalogue } from "./seed.js";

const scratch = useTestDatabase("empty");
let db: Database;

beforeAll(async () => {
  db = scratch.current.db;
  await migrateToLatest(db);
});

const ADMIN = { email: "admin@sluice.test", password: "correct horse battery" };

async function findAccount(email: string) {
  return db
    .selectFrom("users")
    .innerJoin("user_roles", "user_roles.user_id", "users.id")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .innerJoin("user_packages", "user_packages.user_id", "users.id")
    .select(["users.id", "users.password_hash", "users.confirmed_at", "user_roles.role", "profiles.full_name", "user_packages.package_name"])
    .where(sql<boolean>`lower(users.email) = lower(${email})`)
    .execute();
}

describe("seedPlanCatalogue", () => {
  it("writes one row per catalogue plan with the catalogue's values, however often it runs", async () => {
    await seedPlanCatalogue(db);
    await seedPlanCatalogue(db);

    const rows = await db.selectFrom("package_definitions").selectAll().orderBy("sort_order").execute();
    expect(rows.map(({ created_at: _c, updated_at: _u, ...row }) => row)).toEqual(
      PLAN_CATALOGUE.map((plan, index) => ({ ...plan, sort_order: index, is_active: true })),
    );
  });

  it("keeps an admin's edits and adds only plans that are missing", async () => {
    await db.updateTable("package_definitions").set({ monthly_price_cents: 31_00, is_active: false }).where("package_name", "=", "starter").execute();
    await db.deleteFrom("package_definitions").where("package_name", "=", "enterprise").execute();

    await seedPlanCatalogue(db);

    const starter = await db.selectFrom("package_definitions").selectAll().where("package_name", "=", "starter").executeTakeFirstOrThrow();
    expect(starter).toMatchObject({ monthly_price_cents: 31_00, is_active: false });
    const enterprise = await db.selectFrom("package_definitions").selectAll().where("package_name", "=", "enterprise").executeTakeFirst();
    expect(enterprise).toMatchObject({ request_limit: -1, contact_sales: true });
  });
});

describe("seedAdmin", () => {
  it("creates exactly one confirmed admin with a profile and the free package, however often it runs", async () => {
    const first = await seedAdmin(db, ADMIN);
    const second = await seedAdmin(db, ADMIN);

    expect(first.created).toBe(true);
    expect(second).toEqual({ userId: first.userId, created: false });
    const accounts = await findAccount(ADMIN.email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ id: first.userId, role: "admin", full_name: "Administrator", package_name: "free" });
    expect(accounts[0]?.confirmed_at).toBeInstanceOf(Date);
    const admins = await db.selectFrom("user_roles").select("user_id").where("role", "=", "admin").execute();
    expect(admins).toEqual([{ user_id: first.userId }]);
  });

  it("stores an argon2id hash that verifies the admin's password and no other", async () => {
    const [account] = await findAccount(ADMIN.email);
    const hash = account?.password_hash ?? "";
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, ADMIN.password)).toBe(true);
    expect(await verifyPassword(hash, "wrong password")).toBe(false);
  });

  it("keeps the existing password when re-seeded with a different one", async () => {
    const [before] = await findAccount(ADMIN.email);

    await seedAdmin(db, { email: ADMIN.email, password: "a different password" });

    const [after] = await findAccount(ADMIN.email);
    expect(after?.password_hash).toBe(before?.password_hash);
    expect(await verifyPassword(after?.password_hash ?? "", ADMIN.password)).toBe(true);
    expect(await verifyPassword(after?.password_hash ?? "", "a different password")).toBe(false);
  });

  it("promotes an existing user (matched case-insensitively) to admin without touching the password or package", async () => {
    const userId = newId("usr");
    const passwordHash = await hashPassword("users own password");
    await db.insertInto("users").values({ id: userId, email: "Owner@Sluice.test", password_hash: passwordHash }).execute();
    await db.insertInto("user_roles").values({ user_id: userId, role: "user" }).execute();
    await db.insertInto("user_packages").values({ id: newId("pkg"), user_id: userId, package_name: "starter" }).execute();

    const result = await seedAdmin(db, { email: "owner@sluice.test", password: "seed password" });

    expect(result).toEqual({ userId, created: false });
    const accounts = await findAccount("owner@sluice.test");
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ role: "admin", password_hash: passwordHash, package_name: "starter" });
    expect(accounts[0]?.confirmed_at).toBeInstanceOf(Date);
  });
});
