import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";
import type { StreamSummary } from "../../core/contracts/streams.js";
import type { Owner } from "../workflows/workflow-queries.js";

interface StreamRow {
  name: string;
  mode: string;
  dataset_id: string | null;
  created_at: Date;
  last_event_at: Date | null;
}

export function serializeStream(row: StreamRow): StreamSummary {
  return {
    name: row.name,
    mode: row.mode === "test" ? "test" : "live",
    dataset_id: row.dataset_id,
    created_at: new Date(row.created_at).toISOString(),
    last_event_at: row.last_event_at ? new Date(row.last_event_at).toISOString() : null,
  };
}

const COLUMNS = ["name", "mode", "dataset_id", "created_at", "last_event_at"] as const;

/**
 * Records the time of the stream's latest batch; on its first batch, creates the stream and its
 * dataset (format `stream`: its rows are the per-minute rollups, engine/jobs/flush-stream-rollups.ts).
 */
export async function touchStream(db: Database, owner: Owner, name: string, now: Date): Promise<void> {
  const touched = await db
    .updateTable("streams")
    .set({ last_event_at: now })
    .where("user_id", "=", owner.userId)
    .where("mode", "=", owner.mode)
    .where("name", "=", name)
    .returning("dataset_id")
    .executeTakeFirst();
  if (touched?.dataset_id) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("streams")
      .values({ user_id: owner.userId, mode: owner.mode, name, created_at: now, last_event_at: now })
      .onConflict((oc) => oc.columns(["user_id", "mode", "name"]).doNothing())
      .execute();
    // Concurrent first batches queue here; the first creates the dataset, the others find it.
    const stream = await trx
      .selectFrom("streams")
      .select("dataset_id")
      .where("user_id", "=", owner.userId)
      .where("mode", "=", owner.mode)
      .where("name", "=", name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (stream.dataset_id) return;
    const datasetId = newId("ds");
    await trx
      .insertInto("datasets")
      .values({
        id: datasetId,
        user_id: owner.userId,
        mode: owner.mode,
        name: `stream:${name}`,
        format: "stream",
        storage_path: "",
        size_bytes: 0,
        row_count: 0,
        columns: JSON.stringify([{ name: "minute", type: "timestamp" }]),
        status: "ready",
        created_at: now,
        ready_at: now,
      })
      .execute();
    await trx.updateTable("streams").set({ dataset_id: datasetId }).where("user_id", "=", owner.userId).where("mode", "=", owner.mode).where("name", "=", name).execute();
  });
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

/** Removes the stream's row and its rollups, and deletes its dataset; false when there was none. */
export async function removeStream(db: Database, owner: Owner, name: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("streams").where("user_id", "=", owner.userId).where("mode", "=", owner.mode).where("name", "=", name).returning("dataset_id").executeTakeFirst();
    if (!removed) return false;
    if (removed.dataset_id) await trx.updateTable("datasets").set({ deleted_at: now }).where("id", "=", removed.dataset_id).where("deleted_at", "is", null).execute();
    return true;
  });
}
