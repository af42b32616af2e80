import type { Transaction } from "kysely";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { FREE_PLAN_NAME, findPlan } from "../plans.js";

export interface ScheduleMinimum {
  seconds: number;
  /** The plan's display name, for messages. */
  plan: string;
}

const FREE = findPlan(FREE_PLAN_NAME);
/** An account without a package runs under the free plan's minimum. */
const FALLBACK: ScheduleMinimum = { seconds: FREE?.min_schedule_interval_seconds ?? 900, plan: FREE?.display_name ?? "Free" };

/** The shortest time the account's package allows between two fires of a schedule (decision 0034). */
export async function findScheduleMinimum(db: Database | Transaction<DB>, userId: string): Promise<ScheduleMinimum> {
  const row = await db
    .selectFrom("user_packages as up")
    .innerJoin("package_definitions as pd", "pd.package_name", "up.package_name")
    .select(["pd.min_schedule_interval_seconds", "pd.display_name"])
    .where("up.user_id", "=", userId)
    .executeTakeFirst();
  return row ? { seconds: row.min_schedule_interval_seconds, plan: row.display_name } : FALLBACK;
}
