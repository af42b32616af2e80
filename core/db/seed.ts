import { type Kysely, sql, type Transaction } from "kysely";
import { newId } from "../ids.js";
import { hashPassword } from "../passwords.js";
import { FREE_PLAN_NAME, PLAN_CATALOGUE, type PlanDefinition } from "../plans.js";
import type { DB } from "./types.js";

/**
 * Inserts the plans of the catalogue that package_definitions does not have yet. Existing rows
 * are never changed: the table is admin-editable, and an admin's price or limit edit must
 * survive every restart.
 */
export async function seedPlanCatalogue(
  db: Kysely<DB>,
  catalogue: readonly PlanDefinition[] = PLAN_CATALOGUE,
): Promise<void> {
  if (catalogue.length === 0) return;
  await db
    .insertInto("package_definitions")
    .values(
      catalogue.map((plan, index) => ({
        package_name: plan.package_name,
        display_name: plan.display_name,
        request_limit: plan.request_limit,
        rate_limit_per_minute: plan.rate_limit_per_minute,
        data_limit_bytes: plan.data_limit_bytes,
        monthly_price_cents: plan.monthly_price_cents,
        contact_sales: plan.contact_sales,
        max_concurrent_executions: plan.max_concurrent_executions,
        max_upload_bytes: plan.max_upload_bytes,
        min_schedule_interval_seconds: plan.min_schedule_interval_seconds,
        sort_order: index,
      })),
    )
    .onConflict((oc) => oc.column("package_name").doNothing())
    .execute();
}

export interface AdminSeed {
  email: string;
  password: string;
}

/**
 * Ensures an administrator account exists: a confirmed user with a profile, role admin and
 * (if it has none) the free package. An existing account keeps its password and package; it
 * is only promoted to admin and marked confirmed. Needs the plan catalogue seeded first.
 */
export async function seedAdmin(db: Kysely<DB>, admin: AdminSeed): Promise<{ userId: string; created: boolean }> {
  const email = admin.email.trim();
  if (email === "" || admin.password === "") throw new RangeError("admin email and password must not be empty");

  return db.transaction().execute(async (trx) => {
    const freePlan = await trx
      .selectFrom("package_definitions")
      .select("package_name")
      .where("package_name", "=", FREE_PLAN_NAME)
      .executeTakeFirst();
    if (!freePlan) throw new Error(`package "${FREE_PLAN_NAME}" is missing: run seedPlanCatalogue before seedAdmin`);

    const user = await findOrCreateConfirmedUser(trx, email, admin.password);

    await trx
      .insertInto("profiles")
      .values({ id: user.id, user_id: user.id, email, full_name: "Administrator" })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    await trx
      .insertInto("user_roles")
      .values({ user_id: user.id, role: "admin" })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ role: "admin", updated_at: sql`now()` })
          .where("user_roles.role", "<>", "admin"),
      )
      .execute();
    await trx
      .insertInto("user_packages")
      .values({ id: newId("pkg"), user_id: user.id, package_name: FREE_PLAN_NAME })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();

    return { userId: user.id, created: user.created };
  });
}

/** The password is hashed only when the account does not exist yet. */
async function findOrCreateConfirmedUser(
  trx: Transaction<DB>,
  email: string,
  password: string,
): Promise<{ id: string; created: boolean }> {
  const confirmExisting = () =>
    trx
      .updateTable("users")
      .set({ confirmed_at: sql`coalesce(confirmed_at, now())` })
      .where(sql<boolean>`lower(email) = lower(${email})`)
      .returning("id")
      .executeTakeFirst();

  const existing = await confirmExisting();
  if (existing) return { id: existing.id, created: false };

  const passwordHash = await hashPassword(password);
  const inserted = await trx
    .insertInto("users")
    .values({ id: newId("usr"), email, password_hash: passwordHash, confirmed_at: sql`now()` })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };

  // Another seeder created the account between our two statements.
  const raced = await confirmExisting();
  if (!raced) throw new Error(`could not create or find the admin account ${email}`);
  return { id: raced.id, created: false };
}
