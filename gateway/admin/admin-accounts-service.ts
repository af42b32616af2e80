import { sql } from "kysely";
import type { AdminStats, AdminUser, AdminUserList } from "../../core/contracts/admin.js";
import type { AccountTimeline } from "../../core/contracts/billing.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import { monthStartDay, nextMonthStart, utcDay } from "../../core/metering/calendar.js";
import { BILLING_PERIODS, FREE_PLAN_NAME, UNLIMITED } from "../../core/plans.js";
import type { Redis } from "../../core/redis.js";
import { planLimits, selectAccountPlans } from "../metering/key-context.js";
import { listTimeline } from "../billing/timeline.js";
import { monthRequests } from "../usage/usage-service.js";
import { EXPIRING_SOON_DAYS, statusBadge, subscriptionStatus } from "./account-standing.js";
import { writeAudit } from "./audit.js";

/** The administrator's view of accounts: the stat cards, the users table (CSV too) and role changes. */

export interface AdminDeps {
  db: Database;
  /** The gateway's key-prefixed client (the metered path's counters). */
  redis: Redis;
  logger: Logger;
  now: () => Date;
}

const DAY_MS = 86_400_000;

export async function adminStats(deps: AdminDeps): Promise<AdminStats> {
  const now = deps.now();
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
  const count = (value: unknown) => Number(value ?? 0);
  const [users, active, expiring, pending, requests] = await Promise.all([
    deps.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("user_packages")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("package_name", "!=", FREE_PLAN_NAME)
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("user_packages")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("package_name", "!=", FREE_PLAN_NAME)
      .where("expires_at", ">", now)
      .where("expires_at", "<=", soon)
      .executeTakeFirstOrThrow(),
    deps.db.selectFrom("billing_history").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("api_usage")
      .select(sql<string>`coalesce(sum(request_count), 0)`.as("n"))
      .where("date", ">=", monthStartDay(now))
      .where("date", "<", utcDay(nextMonthStart(now)))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total_users: count(users.n),
    active_packages: count(active.n),
    total_requests: count(requests.n),
    expiring_soon: count(expiring.n),
    pending_payments: count(pending.n),
  };
}

/** Matches e-mail or name, case-insensitive; LIKE wildcards in the search are literal. */
function searchPattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
}

function usersQuery(db: Database, now: Date, search: string | undefined) {
  let query = selectAccountPlans(db, now)
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .leftJoin("user_roles as r", "r.user_id", "u.id")
    .leftJoin("package_definitions as d", "d.package_name", "up.package_name")
    .leftJoin("subscriptions as s", (join) => join.onRef("s.user_id", "=", "u.id").on("s.status", "in", ["active", "past_due"]));
  const pattern = searchPattern(search);
  if (pattern) query = query.where((eb) => eb.or([eb("u.email", "ilike", pattern), eb("p.full_name", "ilike", pattern)]));
  return query;
}

function countUsers(db: Database, search: string | undefined) {
  let query = db.selectFrom("users as u").leftJoin("profiles as p", "p.user_id", "u.id").select((eb) => eb.fn.countAll().as("n"));
  const pattern = searchPattern(search);
  if (pattern) query = query.where((eb) => eb.or([eb("u.email", "ilike", pattern), eb("p.full_name", "ilike", pattern)]));
  return query.executeTakeFirstOrThrow();
}

export async function listAdminUsers(deps: AdminDeps, input: { search?: string | undefined; page: number; limit: number; userId?: string }): Promise<AdminUserList> {
  const now = deps.now();
  const selected = input.userId ? usersQuery(deps.db, now, input.search).where("u.id", "=", input.userId) : usersQuery(deps.db, now, input.search);
  const [rows, total] = await Promise.all([
    selected
      .select([
        "u.id", "u.email", "u.confirmed_at", "u.created_at", "p.full_name", "r.role", "up.package_name", "up.expires_at", "d.display_name",
        "s.status as subscription_state", "s.billing_period", "s.next_billing_date", "s.amount",
      ])
      .orderBy("u.created_at", "desc")
      .orderBy("u.id", "desc")
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    countUsers(deps.db, input.search),
  ]);
  const usage = await monthRequests(deps, rows.map((row) => row.id), now);
  const users = rows.map((row): AdminUser => {
    const limit = planLimits(row).monthlyRequests;
    return {
      id: row.id,
      email: row.email,
      full_name: row.full_name,
      role: row.role === "admin" ? "admin" : "user",
      email_confirmed: row.confirmed_at !== null,
      created_at: new Date(row.created_at).toISOString(),
      package_name: row.package_name,
      package_display_name: row.display_name ?? "No Package",
      expires_at: row.expires_at?.toISOString() ?? null,
      usage: usage.get(row.id) ?? 0,
      limit: limit === UNLIMITED ? null : limit,
      subscription_status: subscriptionStatus({ hasActiveSubscription: row.subscription_state === "active", packageName: row.package_name, expiresAt: row.expires_at, now }),
      status_badge: statusBadge({ packageName: row.package_name, expiresAt: row.expires_at, now }),
      period: BILLING_PERIODS.find((p) => p === row.billing_period) ?? null,
      next_billing_date: row.next_billing_date?.toISOString() ?? null,
      amount: row.amount,
    };
  });
  return { users, total: Number(total.n), page: input.page, limit: input.limit };
}

/** Every account as CSV, for the administrator's records. */
export async function adminUsersCsv(deps: AdminDeps): Promise<string> {
  const pages: AdminUser[] = [];
  for (let page = 1; ; page++) {
    const { users, total } = await listAdminUsers(deps, { page, limit: 200 });
    pages.push(...users);
    if (pages.length >= total || users.length === 0) break;
  }
  const header = ["id", "email", "full_name", "role", "package", "subscription", "status", "usage", "limit", "expires_at", "next_billing_date", "amount_cents"];
  const lines = pages.map((u) => [u.id, u.email, u.full_name ?? "", u.role, u.package_display_name, u.subscription_status, u.status_badge, u.usage, u.limit ?? "unlimited", u.expires_at ?? "", u.next_billing_date ?? "", u.amount ?? ""]);
  return toCsv([header, ...lines]);
}

/** RFC 4180: quotes around fields with commas, quotes or line breaks; a leading =, +, - or @ is neutralised against spreadsheet formulas. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const field = (value: string | number) => {
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** Makes an account an administrator or a user; an administrator cannot demote themself (the last way back in). */
export async function setUserRole(deps: AdminDeps, input: { userId: string; role: "admin" | "user"; actorId: string; ip: string | null }): Promise<{ id: string; role: "admin" | "user"; message: string }> {
  if (input.userId === input.actorId && input.role !== "admin") throw new AppError("CONFLICT", "You cannot remove your own administrator role.");
  return deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "No user has this id.");
    const before = await trx.selectFrom("user_roles").select("role").where("user_id", "=", input.userId).forUpdate().executeTakeFirst();
    await trx
      .insertInto("user_roles")
      .values({ user_id: input.userId, role: input.role })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ role: input.role }))
      .execute();
    await writeAudit(trx, { actorId: input.actorId, action: "user.role_set", targetType: "user", targetId: input.userId, ip: input.ip, metadata: { before: { role: before?.role ?? "user" }, after: { role: input.role } } });
    return { id: input.userId, role: input.role, message: `Role updated to ${input.role}` };
  });
}

/** One account's timeline of paid periods, removed ones included (decision 0026). */
export async function adminUserTimeline(deps: Pick<AdminDeps, "db" | "now">, userId: string): Promise<AccountTimeline> {
  const user = await deps.db.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No user has this id.");
  return { user_id: user.id, email: user.email, timeline: await listTimeline(deps.db, user.id, deps.now()) };
}
