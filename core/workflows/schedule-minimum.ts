import { sql, type Transaction } from "kysely";
import type { Database } from "../db/client.js";
import type { DB } from "../db/types.js";
import { FREE_PLAN_NAME } from "../plans.js";

export interface ScheduleMinimum {
  seconds: number;
  /** The plan's display name, for messages. */
  plan: string;
}

/**
 * The shortest time the account's package allows between two fires of a schedule (decision
 * 0034), from package_definitions; an account without a package runs under the free package's.
 */
export async function findScheduleMinimum(db: Database | Transaction<DB>, userId: string): Promise<ScheduleMinimum> {
  const row = await db
    .selectFrom("package_definitions")
    .select(["min_schedule_interval_seconds", "display_name"])
    .where("package_name", "=", sql<string>`coalesce((select package_name from user_packages where user_id = ${userId}), ${FREE_PLAN_NAME})`)
    .executeTakeFirstOrThrow();
  return { seconds: row.min_schedule_interval_seconds, plan: row.display_name };
}
