import { type Kysely, sql, type Transaction } from "kysely";
import { newId } from "../ids.js";
import { hashPassword } from "../passwords.js";
import { FREE_PLAN_NAME, PLAN_CATALOGUE, type PlanDefinition } from "../plans.js";
import type { DB } from "./types.js";

/**
 * Writes the plan catalogue into package_definitions, one row per plan, sort_order following
 * the catalogue. Rows whose values already match are left alone (updated_at keeps its
 * meaning); is_active is never touched, so a plan an admin retired stays retired.
 */
export async function seedPlanCatalogue(
  db: Kysely<DB>,
  catalogue: readonly PlanDefinition[] = PLAN_CATALOGUE,
): Promise<void> {
  const rows = catalogue.map((plan, index) => ({
    package_name: plan.package_name,
    display_name: plan.display_name,
    request_limit: plan.request_limit,
    rate_limit_per_minute: plan.rate_limit_per_minute,
    data_limit_bytes: plan.data_limit_bytes,
    monthly_price_cents: plan.monthly_price_cents,
    contact_sales: plan.contact_sales,
    sort_order: index,
  }));
  if (rows.length === 0) return;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("package_definitions")
      .values(rows)
      .onConflict((oc) =>
        oc
          .column("package_name")
          .doUpdateSet((eb) => ({
            display_name: eb.ref("excluded.display_name"),
            request_limit: eb.ref("excluded.request_limit"),
            rate_limit_per_minute: eb.ref("excluded.rate_limit_per_minute"),
            data_limit_bytes: eb.ref("excluded.data_limit_bytes"),
            monthly_price_cents: eb.ref("excluded.monthly_price_cents"),
            contact_sales: eb.ref("excluded.contact_sales"),
            sort_order: eb.ref("excluded.sort_order"),
            updated_at: sql`now()`,
          }))
          .where(
            sql<boolean>`(package_definitions.display_name, package_definitions.request_limit,
              package_definitions.rate_limit_per_minute, package_definitions.data_limit_bytes,
              package_definitions.monthly_price_cents, package_definitions.contact_sales,
              package_definitions.sort_order)
            is distinct from (excluded.display_name, excluded.request_limit,
              excluded.rate_limit_per_minute, excluded.data_limit_bytes,
              excluded.monthly_price_cents, excluded.contact_sales, excluded.sort_order)`,
          ),
      )
      .execute();
  });
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
