import { z } from "zod";
import { KEY_MODES } from "./api-keys.js";

/**
 * The dataset API's answers (`/v1/datasets`, DESIGN.md section 8): the gateway's routes declare
 * them and openapi.yaml is generated from them. `.meta()` names components and describes fields.
 */

/** The formats an upload may be in; every upload is stored as Parquet. */
export const DATASET_FORMATS = ["csv", "json", "ndjson", "parquet"] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];
/** The format of a stream's dataset: no file, its rows are the stream's per-minute rollups (stream_rollups). */
export const STREAM_DATASET_FORMAT = "stream";

export const DATASET_STATUSES = ["processing", "ready", "failed"] as const;
/** `empty`: a column without a single value (every cell null or blank); analyses skip it. */
export const DATASET_COLUMN_TYPES = ["number", "integer", "string", "boolean", "date", "timestamp", "empty"] as const;

const timestamp = (description: string) => z.string().meta({ format: "date-time", description });

export const DatasetColumnSchema = z.object({ name: z.string(), type: z.enum(DATASET_COLUMN_TYPES) }).meta({ id: "DatasetColumn" });

export const DatasetSchema = z
  .object({
    id: z.string().meta({ example: "ds_1AbCdEfGhJkLmNpQrStUvW" }),
    name: z.string(),
    format: z.enum([...DATASET_FORMATS, STREAM_DATASET_FORMAT]).meta({
      description:
        "The format the file was uploaded in (every upload is stored as Parquet), or `stream`: a stream's history, one row a minute with a `minute` column and per field `<field>:mean`, `<field>:count`, `<field>:min` and `<field>:max`, deleted with its stream.",
    }),
    status: z.enum(DATASET_STATUSES).meta({ description: "processing until the upload is parsed; ready, or failed with an error." }),
    mode: z.enum(KEY_MODES),
    size_bytes: z.number().int().meta({ description: "Size of the uploaded file." }),
    row_count: z.number().int().nullable().meta({ description: "Rows, once ready." }),
    schema: z.array(DatasetColumnSchema).nullable().meta({ description: "Columns and their inferred types, once ready." }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().meta({ description: "Why the upload could not be ingested (status failed)." }),
    created_at: timestamp("When the upload was received."),
    ready_at: timestamp("When the dataset became ready.").nullable(),
  })
  .meta({ id: "Dataset" });
export type Dataset = z.infer<typeof DatasetSchema>;

export const DatasetListSchema = z
  .object({ datasets: z.array(DatasetSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: "DatasetList" });

export const DeletedDatasetSchema = z.object({ message: z.string(), deleted_at: timestamp("When the dataset was deleted.") }).meta({ id: "DeletedDataset" });
