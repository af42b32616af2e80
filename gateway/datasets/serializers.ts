import type { Selectable } from "kysely";
import type { Datasets } from "../../core/db/types.js";
import { DATASET_COLUMN_TYPES, DATASET_FORMATS, DATASET_STATUSES, STREAM_DATASET_FORMAT, type DatasetSchema } from "../../core/contracts/datasets.js";
import type { z } from "@hono/zod-openapi";

type DatasetRow = Pick<Selectable<Datasets>, "id" | "name" | "format" | "status" | "mode" | "size_bytes" | "row_count" | "columns" | "error" | "created_at" | "ready_at">;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A datasets row as the public API shows it. */
export function serializeDataset(row: DatasetRow): z.infer<typeof DatasetSchema> {
  return {
    id: row.id,
    name: row.name,
    format: row.format === STREAM_DATASET_FORMAT ? STREAM_DATASET_FORMAT : (DATASET_FORMATS.find((f) => f === row.format) ?? "csv"),
    status: DATASET_STATUSES.find((s) => s === row.status) ?? "processing",
    mode: row.mode === "test" ? "test" : "live",
    size_bytes: Number(row.size_bytes),
    row_count: row.row_count === null ? null : Number(row.row_count),
    schema: Array.isArray(row.columns) ? row.columns.flatMap(toColumn) : null,
    error: toError(row.error),
    created_at: iso(row.created_at),
    ready_at: row.ready_at ? iso(row.ready_at) : null,
  };
}

function toColumn(value: unknown) {
  if (!value || typeof value !== "object") return [];
  const { name, type } = value as { name?: unknown; type?: unknown };
  const known = DATASET_COLUMN_TYPES.find((t) => t === type);
  return typeof name === "string" && known ? [{ name, type: known }] : [];
}

function toError(value: unknown) {
  if (!value || typeof value !== "object") return null;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof code === "string" && typeof message === "string" ? { code, message } : null;
}
