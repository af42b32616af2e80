import type { Insertable } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { Datasets } from "../../core/db/types.js";
import { STREAM_DATASET_FORMAT } from "../../core/contracts/datasets.js";
import { FREE_PLAN_NAME } from "../../core/plans.js";
import type { Owner } from "../workflows/workflow-queries.js";

/** Dataset rows of one account and mode; deleted ones are never found. */
function ownedDatasets(db: Database, owner: Owner) {
  return db.selectFrom("datasets").where("user_id", "=", owner.userId).where("mode", "=", owner.mode).where("deleted_at", "is", null);
}

const COLUMNS = ["id", "name", "format", "status", "mode", "size_bytes", "row_count", "columns", "error", "created_at", "ready_at", "storage_path"] as const;

export async function insertDataset(db: Database, row: Insertable<Datasets>): Promise<void> {
  await db.insertInto("datasets").values(row).execute();
}

export async function findDataset(db: Database, owner: Owner, id: string) {
  return ownedDatasets(db, owner).select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function listDatasets(db: Database, owner: Owner, page: { page: number; limit: number }) {
  const [rows, count] = await Promise.all([
    ownedDatasets(db, owner)
      .select(COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    ownedDatasets(db, owner).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Marks an uploaded dataset deleted; returns its storage path and format, or undefined when not found (or a stream's). */
export async function softDeleteDataset(db: Database, owner: Owner, id: string, now: Date) {
  return db
    .updateTable("datasets")
    .set({ deleted_at: now })
    .where("id", "=", id)
    .where("user_id", "=", owner.userId)
    .where("mode", "=", owner.mode)
    .where("format", "!=", STREAM_DATASET_FORMAT)
    .where("deleted_at", "is", null)
    .returning(["id", "format", "storage_path", "deleted_at"])
    .executeTakeFirst();
}

/** Removes the row of an upload refused while its client waited (nothing of it is kept). */
export async function removeFailedDataset(db: Database, id: string): Promise<void> {
  await db.deleteFrom("datasets").where("id", "=", id).where("status", "=", "failed").execute();
}

/** The largest upload the package accepts, and its display name (the free plan's when unknown). */
export async function uploadCapOf(db: Database, packageName: string): Promise<{ bytes: number; plan: string }> {
  const rows = await db
    .selectFrom("package_definitions")
    .select(["package_name", "display_name", "max_upload_bytes"])
    .where("package_name", "in", [packageName, FREE_PLAN_NAME])
    .execute();
  const row = rows.find((r) => r.package_name === packageName) ?? rows.find((r) => r.package_name === FREE_PLAN_NAME);
  return { bytes: Number(row?.max_upload_bytes ?? 50_000_000), plan: row?.display_name ?? "Free" };
}
