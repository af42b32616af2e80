import type { Database } from "../../core/db/client.js";

/** The newest minutes of a stream an analysis or cleaning reads (about 69 days). */
export const MAX_STREAM_DATASET_MINUTES = 100_000;

/** A field's columns in its stream's dataset; ':' never occurs in a field name, so they never collide. */
const columnNames = (field: string) => ({ mean: `${field}:mean`, count: `${field}:count`, min: `${field}:min`, max: `${field}:max` });

export function streamDatasetColumns(field: string): Array<{ name: string; type: "number" | "integer" }> {
  const names = columnNames(field);
  return [
    { name: names.mean, type: "number" },
    { name: names.count, type: "integer" },
    { name: names.min, type: "number" },
    { name: names.max, type: "number" },
  ];
}

type StreamDatasetRow = Record<string, string | number>;

/**
 * The rows of a stream's dataset: one a minute (ISO `minute`, oldest first) with each field's
 * mean, count, min and max over that minute (blank when the field had no value in it), from the
 * rollups the engine has flushed. Undefined when no stream owns the dataset.
 */
export async function streamDatasetRows(db: Database, owner: { user_id: string; mode: string }, datasetId: string): Promise<StreamDatasetRow[] | undefined> {
  const stream = await db.selectFrom("streams").select(["user_id", "mode", "name"]).where("dataset_id", "=", datasetId).where("user_id", "=", owner.user_id).where("mode", "=", owner.mode).executeTakeFirst();
  if (!stream) return undefined;
  const scope = db.selectFrom("stream_rollups").where("user_id", "=", stream.user_id).where("mode", "=", stream.mode).where("name", "=", stream.name);
  const newest = await scope.select("minute").distinct().orderBy("minute", "desc").offset(MAX_STREAM_DATASET_MINUTES - 1).limit(1).executeTakeFirst();
  const rollups = await scope
    .select(["minute", "field", "count", "sum", "min", "max"])
    .$if(newest !== undefined, (q) => q.where("minute", ">=", newest?.minute ?? new Date(0)))
    .orderBy("minute")
    .orderBy("field")
    .execute();
  const rows = new Map<number, StreamDatasetRow>();
  for (const rollup of rollups) {
    const at = new Date(rollup.minute).getTime();
    let row = rows.get(at);
    if (!row) rows.set(at, (row = { minute: new Date(at).toISOString() }));
    const count = Number(rollup.count);
    const names = columnNames(rollup.field);
    row[names.mean] = rollup.sum / count;
    row[names.count] = count;
    row[names.min] = rollup.min;
    row[names.max] = rollup.max;
  }
  return [...rows.values()];
}
