import { sql } from "kysely";
import type { Database } from "../db/client.js";
import { newId } from "../ids.js";
import { FREE_PLAN_NAME, type BillingPeriod } from "../plans.js";
import { EXPIRY_GRACE_DAYS, graceEnd } from "./renewal-terms.js";
import { entitlementAt, layOutPeriods, type Entitlement, type LaidPeriod, type PeriodLength } from "./timeline.js";

/**
 * The one place an account's package (user_packages, which the metered path reads) and its
 * subscriptions are derived from its timeline of paid periods (paid_periods, decision 0026).
 * Every change runs inside the caller's transaction after `lockEntitlements`, so payments,
 * removals and the engine's clock serialise per account; the caller announces the change on the
 * key-invalidation channel after commit. Shared by the gateway (payments, admin) and the engine.
 */

const GRACE_MS = EXPIRY_GRACE_DAYS * 86_400_000;
const LIVE = ["active", "past_due"] as const;

/** One account's entitlement changes at a time: held until the transaction ends. */
export async function lockEntitlements(trx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`entitlements:${userId}`}, 0))`.execute(trx);
}

export async function currentPackage(trx: Database, userId: string): Promise<{ packageName: string; expiresAt: Date | null } | undefined> {
  const row = await trx.selectFrom("user_packages").select(["package_name", "expires_at"]).where("user_id", "=", userId).forUpdate().executeTakeFirst();
  return row && { packageName: row.package_name, expiresAt: row.expires_at };
}

export interface NewPaidPeriod {
  userId: string;
  billingHistoryId: string;
  planName: string;
  billingPeriod: BillingPeriod | null;
  length: PeriodLength;
  /** The period's price (charged plus credit), what a later upgrade's credit is prorated from. */
  priceCents: number;
  planChange: "new" | "renewal" | "upgrade" | "downgrade";
  paidAt: Date;
}

/**
 * Adds a payment's period to the timeline (once per billing row) and derives the account again.
 * Returns where the period lies; undefined when that payment's period was already added.
 */
export async function addPaidPeriod(trx: Database, input: NewPaidPeriod, now: Date): Promise<LaidPeriod | undefined> {
  await lockEntitlements(trx, input.userId);
  const id = newId("per");
  const inserted = await trx
    .insertInto("paid_periods")
    .values({
      id,
      user_id: input.userId,
      billing_history_id: input.billingHistoryId,
      plan_name: input.planName,
      billing_period: input.billingPeriod,
      months: "months" in input.length ? input.length.months : null,
      days: "days" in input.length ? input.length.days : null,
      price_cents: input.priceCents,
      plan_change: input.planChange,
      starts_immediately: input.planChange === "upgrade",
      paid_at: input.paidAt,
      starts_at: input.paidAt,
      ends_at: input.paidAt,
    })
    .onConflict((oc) => oc.column("billing_history_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return undefined;
  const laid = await syncEntitlements(trx, input.userId, now, "payment");
  return laid.find((period) => period.id === id);
}

/** Takes a payment's period off the timeline (a reversal or refund) and derives the account again. False when it had none standing. */
export async function removePaidPeriod(trx: Database, input: { userId: string; billingHistoryId: string; reason: string }, now: Date): Promise<boolean> {
  await lockEntitlements(trx, input.userId);
  const removed = await trx
    .updateTable("paid_periods")
    .set({ removed_at: now, removal_reason: input.reason })
    .where("billing_history_id", "=", input.billingHistoryId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (Number(removed.numUpdatedRows) === 0) return false;
  await syncEntitlements(trx, input.userId, now, "removal");
  return true;
}

interface StandingPeriod extends LaidPeriod {
  billingPeriod: string | null;
  priceCents: number;
  currency: string;
  paymentOrderId: string | null;
  requestLimit: number;
}

/**
 * Lays the standing periods out again, stores their dates, and writes what they entitle the
 * account to at `now`: the package and the live subscription (the period in force: its start,
 * and the end of the unbroken run of its plan as the next billing date), and the scheduled
 * subscription (the next plan). With nothing paid the account returns to free when its package
 * came from payments (a live subscription) or has expired past the grace days; a package an
 * administrator set outside any payment is left alone. `cause` names how a live subscription
 * ends: by the clock (expired) or by a removal (cancelled). Returns the laid-out periods.
 */
export async function syncEntitlements(trx: Database, userId: string, now: Date, cause: "payment" | "removal" | "clock"): Promise<StandingPeriod[]> {
  const rows = await trx
    .selectFrom("paid_periods as p")
    .innerJoin("billing_history as b", "b.id", "p.billing_history_id")
    .innerJoin("package_definitions as d", "d.package_name", "p.plan_name")
    .select(["p.id", "p.plan_name", "p.billing_period", "p.months", "p.days", "p.price_cents", "p.starts_immediately", "p.paid_at", "p.starts_at", "p.ends_at", "b.currency", "b.payment_order_id", "d.request_limit"])
    .where("p.user_id", "=", userId)
    .where("p.removed_at", "is", null)
    .execute();
  const laid = layOutPeriods(
    rows.map((row) => ({ id: row.id, planName: row.plan_name, length: row.months !== null ? { months: row.months } : { days: row.days ?? 0 }, startsImmediately: row.starts_immediately, paidAt: row.paid_at })),
  );
  const standing: StandingPeriod[] = [];
  for (const period of laid) {
    const row = rows.find((r) => r.id === period.id);
    if (!row) continue;
    if (row.starts_at.getTime() !== period.startsAt.getTime() || row.ends_at.getTime() !== period.endsAt.getTime()) {
      await trx.updateTable("paid_periods").set({ starts_at: period.startsAt, ends_at: period.endsAt }).where("id", "=", period.id).execute();
    }
    standing.push({ ...period, billingPeriod: row.billing_period, priceCents: row.price_cents, currency: row.currency, paymentOrderId: row.payment_order_id, requestLimit: row.request_limit });
  }
  await applyEntitlement(trx, userId, entitlementAt(standing, now, GRACE_MS), standing, now, cause);
  return standing;
}

async function applyEntitlement(trx: Database, userId: string, entitlement: Entitlement, standing: StandingPeriod[], now: Date, cause: "payment" | "removal" | "clock"): Promise<void> {
  const byId = (period: LaidPeriod | undefined) => standing.find((p) => p.id === period?.id);
  const current = entitlement.kind === "paid" ? byId(entitlement.current) : undefined;
  if (entitlement.kind === "none" || !current) {
    const live = await trx.selectFrom("subscriptions").select("id").where("user_id", "=", userId).where("status", "in", LIVE).executeTakeFirst();
    const pkg = await currentPackage(trx, userId);
    const lapsed = pkg?.expiresAt && graceEnd(pkg.expiresAt) <= now;
    await endScheduled(trx, userId);
    if (live || lapsed) await revertToFreePlan(trx, userId, cause === "clock" ? "expired" : "cancelled");
    return;
  }
  const runEnd = entitlement.runEnd;
  await trx
    .insertInto("user_packages")
    .values({ id: newId("pkg"), user_id: userId, package_name: current.planName, request_limit: current.requestLimit, expires_at: runEnd })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ package_name: current.planName, request_limit: current.requestLimit, expires_at: runEnd, updated_at: sql`now()` }))
    .execute();

  const values = (period: StandingPeriod, status: string, end: Date) => ({
    status,
    plan_name: period.planName,
    billing_period: period.billingPeriod ?? "monthly",
    amount: period.priceCents,
    currency: period.currency,
    current_period_start: period.startsAt,
    next_billing_date: end,
    payment_order_id: period.paymentOrderId,
  });
  const liveValues = values(current, entitlement.pastDue ? "past_due" : "active", runEnd);
  const live = await trx.selectFrom("subscriptions").select(["id", "plan_name"]).where("user_id", "=", userId).where("status", "in", LIVE).executeTakeFirst();
  const scheduled = await trx.selectFrom("subscriptions").select(["id", "plan_name"]).where("user_id", "=", userId).where("status", "=", "scheduled").executeTakeFirst();
  if (scheduled && live && scheduled.plan_name === current.planName && live.plan_name !== current.planName) {
    // The next plan has begun: its scheduled row becomes the live one, the one it follows has run out.
    await trx.updateTable("subscriptions").set({ status: "expired", updated_at: sql`now()` }).where("id", "=", live.id).execute();
    await trx.updateTable("subscriptions").set({ ...liveValues, updated_at: sql`now()` }).where("id", "=", scheduled.id).execute();
  } else if (live) {
    await trx.updateTable("subscriptions").set({ ...liveValues, updated_at: sql`now()` }).where("id", "=", live.id).execute();
  } else {
    await trx.insertInto("subscriptions").values({ id: newId("sub"), user_id: userId, ...liveValues }).execute();
  }

  const next = byId(entitlement.next);
  const pending = await trx.selectFrom("subscriptions").select("id").where("user_id", "=", userId).where("status", "=", "scheduled").executeTakeFirst();
  if (!next) {
    await endScheduled(trx, userId);
    return;
  }
  const nextRun = entitlementAt(standing, next.startsAt, GRACE_MS);
  const nextEnd = nextRun.kind === "paid" ? nextRun.runEnd : next.endsAt;
  const scheduledValues = values(next, "scheduled", nextEnd);
  if (pending) await trx.updateTable("subscriptions").set({ ...scheduledValues, updated_at: sql`now()` }).where("id", "=", pending.id).execute();
  else await trx.insertInto("subscriptions").values({ id: newId("sub"), user_id: userId, ...scheduledValues }).execute();
}

async function endScheduled(trx: Database, userId: string): Promise<void> {
  await trx.updateTable("subscriptions").set({ status: "cancelled", updated_at: sql`now()` }).where("user_id", "=", userId).where("status", "=", "scheduled").execute();
}

/** Back to the free package, and the live subscription ends with `status`. */
export async function revertToFreePlan(trx: Database, userId: string, status: "cancelled" | "expired"): Promise<void> {
  await trx
    .updateTable("user_packages")
    .set({ package_name: FREE_PLAN_NAME, request_limit: null, expires_at: null, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .execute();
  await trx
    .updateTable("subscriptions")
    .set({ status, updated_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("status", "in", LIVE)
    .execute();
}
