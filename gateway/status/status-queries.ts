import type { Database } from "../../core/db/client.js";

/** Reads of the status page: probe samples (counted per day, or the recent ones) and incidents. */

/** Samples per component, UTC day (YYYY-MM-DD) and status since a day, from the trigger-kept counts. */
export function countSamplesByDay(db: Database, sinceDay: string) {
  return db.selectFrom("status_daily_counts").select(["component", "day", "status", "samples"]).where("day", ">=", sinceDay).execute();
}

export function listSamplesSince(db: Database, since: Date) {
  return db
    .selectFrom("status_samples")
    .select(["component", "status", "latency_ms", "checked_at"])
    .where("checked_at", ">=", since)
    .orderBy("checked_at")
    .execute();
}

export function listLatestIncidents(db: Database, limit: number) {
  return db
    .selectFrom("incidents")
    .select(["id", "title", "description", "status", "impact", "started_at", "resolved_at", "updated_at"])
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
