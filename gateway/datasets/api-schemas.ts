import { z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { DATASET_FORMATS, STREAM_DATASET_FORMAT } from "../../core/datasets/storage.js";

/** Response and parameter schemas of the public dataset API (they become openapi.yaml). */

export const DATASET_STATUSES = ["processing", "ready", "failed"] as const;
export const DATASET_COLUMN_TYPES = ["number", "integer", "string", "boolean", "date", "timestamp"] as const;

const timestamp = (description: string) => z.string().openapi({ format: "date-time", description });

export const DatasetColumnSchema = z.object({ name: z.string(), type: z.enum(DATASET_COLUMN_TYPES) }).openapi("DatasetColumn");

export const DatasetSchema = z
  .object({
    id: z.string().openapi({ example: "ds_1AbCdEfGhJkLmNpQrStUvW" }),
    name: z.string(),
    format: z.enum([...DATASET_FORMATS, STREAM_DATASET_FORMAT]).openapi({
      description:
        "The format the file was uploaded in (every upload is stored as Parquet), or `stream`: a stream's history, one row a minute with a `minute` column and per field `<field>:mean`, `<field>:count`, `<field>:min` and `<field>:max`, deleted with its stream.",
    }),
    status: z.enum(DATASET_STATUSES).openapi({ description: "processing until the upload is parsed; ready, or failed with an error." }),
    mode: z.enum(["live", "test"]),
    size_bytes: z.number().int().openapi({ description: "Size of the uploaded file." }),
    row_count: z.number().int().nullable().openapi({ description: "Rows, once ready." }),
    schema: z.array(DatasetColumnSchema).nullable().openapi({ description: "Columns and their inferred types, once ready." }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().openapi({ description: "Why the upload could not be ingested (status failed)." }),
    created_at: timestamp("When the upload was received."),
    ready_at: timestamp("When the dataset became ready.").nullable(),
  })
  .openapi("Dataset");

export const DatasetListSchema = z
  .object({ datasets: z.array(DatasetSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .openapi("DatasetList");

export const DeletedDatasetSchema = z.object({ message: z.string(), deleted_at: timestamp("When the dataset was deleted.") }).openapi("DeletedDataset");

export const ListDatasetsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ example: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
});

export const DatasetIdParamsSchema = z.object({ id: idParam("ds", "No such dataset.") });

export const UploadQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).optional().openapi({ description: "A name for the dataset (default: the dataset id and format)." }),
  format: z
    .enum(DATASET_FORMATS)
    .optional()
    .openapi({ description: "The file's format; required with Content-Type application/octet-stream, otherwise taken from the Content-Type." }),
});

/** The media types an upload may be sent as, and the format each means. */
export const UPLOAD_MEDIA_TYPES = {
  "text/csv": "csv",
  "application/json": "json",
  "application/x-ndjson": "ndjson",
  "application/vnd.apache.parquet": "parquet",
  "application/octet-stream": null,
} as const;
