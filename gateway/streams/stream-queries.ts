import type { Database } from "../../core/db/client.js";
import type { StreamSummary } from "../../core/contracts/streams.js";
import type { Owner } from "../workflows/workflow-queries.js";

interface StreamRow {
  name: string;
  mode: string;
  created_at: Date;
  last_event_at: Date | null;
}

export function serializeStream(row: StreamRow): StreamSummary {
  return {
    name: row.name,
    mode: row.mode === "test" ? "test" : "live",
    created_at: new Date(row.created_at).toISOString(),
    last_event_at: row.last_event_at ? new Date(row.last_event_at).toISOString() : null,
  };
}

const COLUMNS = ["name", "mode", "created_at", "last_event_at"] as const;

/** Records the stream (created on its first batch) and the time of its latest batch. */
export async function touchStream(db: Database, owner: Owner, name: string, now: Date): Promise<void> {
  await db
    .insertInto("streams")
    .values({ user_id: owner.userId, mode: owner.mode, name, created_at: now, last_event_at: now })
    .onConflict((oc) => oc.columns(["user_id", "mode", "name"]).doUpdateSet({ last_event_at: now }))
    .execute();
}

export async function findStream(db: Database, owner: Owner, name: string): Promise<StreamRow | undefined> {
  return db.selectFrom("streams").select(COLUMNS).where("user_id", "=", owner.userId).where("mode", "=", owner.mode).where("name", "=", name).executeTakeFirst();
}

export async function listStreams(db: Database, owner: Owner, page: { page: number; limit: number }): Promise<{ rows: StreamRow[]; total: number }> {
  const scope = db.selectFrom("streams").where("user_id", "=", owner.userId).where("mode", "=", owner.mode);
  const [rows, count] = await Promise.all([
    scope.select(COLUMNS).orderBy("name").limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    scope.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Removes the stream's row; false when there was none. */
export async function removeStream(db: Database, owner: Owner, name: string): Promise<boolean> {
  const result = await db.deleteFrom("streams").where("user_id", "=", owner.userId).where("mode", "=", owner.mode).where("name", "=", name).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
