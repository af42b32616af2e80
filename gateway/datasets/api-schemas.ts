import { z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { DATASET_FORMATS } from "../../core/contracts/datasets.js";

/** Request and parameter schemas of the public dataset API; its answers are in core/contracts/datasets.ts. */

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
