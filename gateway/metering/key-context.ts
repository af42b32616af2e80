import { sql } from "kysely";
import type { KeyMode, KeyPermission } from "../../core/contracts/api-keys.js";
import type { Database } from "../../core/db/client.js";
import { EXPIRY_GRACE_DAYS } from "../../core/payments/renewal-terms.js";
import { FREE_PLAN_NAME, UNLIMITED } from "../../core/plans.js";

/** Packages that expired after this moment still apply: they are in their grace days. */
const graceStart = (now: Date) => new Date(now.getTime() - EXPIRY_GRACE_DAYS * 86_400_000);

/** Everything the metered path needs to know about a key, loaded in one query and cached. */
export interface KeyContext {
  keyId: string;
  userId: string;
  mode: KeyMode;
  permission: KeyPermission;
  /** Requests per calendar month for this key; null is unlimited. */
  monthlyCap: number | null;
  expiresAt: Date | null;
  packageName: string;
  ratePerMinute: number;
  /** Requests per calendar month for the account; -1 is unlimited. */
  monthlyRequests: number;
  dataLimitBytes: number;
}

/**
 * The key's owner, permission and limits. An account whose package expired more than the grace
 * days ago is metered on the free plan. Revoked or inactive keys are not found.
 */
export async function loadKeyContext(db: Database, keyHash: Buffer, now: Date): Promise<KeyContext | null> {
  const row = await selectAccountPlans(db, now)
    .innerJoin("api_keys as k", "k.user_id", "u.id")
    .select(["k.id", "k.user_id", "k.mode", "k.permission", "k.monthly_cap", "k.expires_at"])
    .where("k.key_hash", "=", keyHash)
    .where("k.is_active", "=", true)
    .where("k.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    keyId: row.id,
    userId: row.user_id,
    mode: row.mode === "test" ? "test" : "live",
    permission: row.permission === "admin" || row.permission === "read" ? row.permission : "write",
    monthlyCap: row.monthly_cap,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    ...planLimits(row),
  };
}

/**
 * Accounts (`u`) with the columns planLimits reads: their own package until its expiry plus the
 * grace days (the engine then returns the account to free), and the free plan.
 */
export function selectAccountPlans(db: Database, now: Date) {
  return db
    .selectFrom("users as u")
    .leftJoin("user_packages as up", "up.user_id", "u.id")
    .leftJoin("package_definitions as own", (join) =>
      join.on(sql<boolean>`own.package_name = up.package_name and (up.expires_at is null or up.expires_at > ${graceStart(now)})`),
    )
    .innerJoin("package_definitions as free", (join) => join.on("free.package_name", "=", FREE_PLAN_NAME))
    .select([
      "own.package_name as own_package",
      "own.rate_limit_per_minute as own_rate",
      "own.request_limit as own_requests",
      "own.data_limit_bytes as own_data",
      "up.request_limit as override_requests",
      "free.rate_limit_per_minute as free_rate",
      "free.request_limit as free_requests",
      "free.data_limit_bytes as free_data",
    ]);
}

/** The columns selected from the account's own package (if unexpired) and the free plan. */
export interface PlanColumns {
  own_package: string | null;
  own_rate: number | null;
  own_requests: number | null;
  own_data: number | null;
  override_requests: number | null;
  free_rate: number;
  free_requests: number;
  free_data: number;
}

/** An account's limits: its own package while it has not expired, otherwise the free plan. */
export function planLimits(row: PlanColumns): Pick<KeyContext, "packageName" | "ratePerMinute" | "monthlyRequests" | "dataLimitBytes"> {
  const onOwnPackage = row.own_package !== null;
  return {
    packageName: row.own_package ?? FREE_PLAN_NAME,
    ratePerMinute: (onOwnPackage ? row.own_rate : null) ?? row.free_rate,
    monthlyRequests: onOwnPackage ? (row.override_requests ?? row.own_requests ?? UNLIMITED) : row.free_requests,
    dataLimitBytes: (onOwnPackage ? row.own_data : null) ?? row.free_data,
  };
}
