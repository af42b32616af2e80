import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { DatasetStorageConfig, GatewayConfig } from "../../../core/config.js";
import { createDatasetStore } from "../../../core/datasets/create-dataset-store.js";
import type { Database } from "../../../core/db/client.js";
import { AppError } from "../../../core/errors.js";
import type { ProducerQueues } from "../../../core/queues.js";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { DatasetIdParamsSchema, ListDatasetsQuerySchema, UPLOAD_MEDIA_TYPES, UploadQuerySchema } from "../../datasets/api-schemas.js";
import { DatasetListSchema, DatasetSchema, DeletedDatasetSchema, type DatasetFormat } from "../../../core/contracts/datasets.js";
import { findDataset, listDatasets } from "../../datasets/dataset-queries.js";
import { createDatasetFromUpload, deleteDataset } from "../../datasets/dataset-service.js";
import { serializeDataset } from "../../datasets/serializers.js";
import { errorResponses } from "../../http/error-responses.js";
import { validationHook } from "../../http/errors.js";
import { jsonResponse } from "../../http/route-helpers.js";
import { keyOwner } from "../../workflows/owner.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Datasets"];
const security = API_KEY_SECURITY;
const binary = { schema: { type: "string" as const, format: "binary" } };

const uploadRoute = createRoute({
  method: "post",
  path: "/v1/datasets",
  tags,
  summary: "Upload a dataset",
  description:
    "The raw file is the request body: CSV (with a header row), a JSON array of objects, NDJSON or Parquet. It is streamed to storage, " +
    "parsed and stored as Parquet with its inferred schema. Uploads are capped by the plan's upload limit and by the data allowance left " +
    "this month (413), and their size is charged to the allowance (429 QUOTA_EXCEEDED, policy data-month, when exhausted). Answers 201 when the " +
    "dataset is ready within a few seconds, otherwise 202 with status processing (poll GET /v1/datasets/{id}). A file that cannot be parsed is 422 " +
    "and nothing of it is kept; so is, before it is stored or charged, a JSON or NDJSON file nested deeper than 64 levels, or a Parquet file " +
    "whose footer cannot be read or whose schema is nested deeper than 64 levels.",
  security,
  request: {
    query: UploadQuerySchema,
    // Not zod schemas: the body is streamed to storage by the handler, never parsed here.
    body: { required: true, content: Object.fromEntries(Object.keys(UPLOAD_MEDIA_TYPES).map((type) => [type, binary])) },
  },
  responses: {
    201: jsonResponse(DatasetSchema, "The dataset, ready: its schema, row count and size."),
    202: jsonResponse(DatasetSchema, "Accepted: still processing."),
    ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED"),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/v1/datasets",
  tags,
  summary: "List datasets",
  security,
  request: { query: ListDatasetsQuerySchema },
  responses: { 200: jsonResponse(DatasetListSchema, "The key's datasets (of its mode), newest first."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED") },
});

const getRoute = createRoute({
  method: "get",
  path: "/v1/datasets/{id}",
  tags,
  summary: "Get a dataset",
  security,
  request: { params: DatasetIdParamsSchema },
  responses: { 200: jsonResponse(DatasetSchema, "The dataset."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED") },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/v1/datasets/{id}",
  tags,
  summary: "Delete a dataset",
  description: "The dataset and its stored file are removed; it is not found afterwards. A stream's dataset (format `stream`) is deleted with its stream only (409).",
  security,
  request: { params: DatasetIdParamsSchema },
  responses: { 200: jsonResponse(DeletedDatasetSchema, "Deleted."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED", "QUOTA_EXCEEDED") },
});

/** The upload's format: ?format= when given, otherwise its Content-Type. */
function uploadFormat(c: Context<AppEnv>, requested: DatasetFormat | undefined): DatasetFormat {
  const essence = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(essence in UPLOAD_MEDIA_TYPES)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as ${Object.keys(UPLOAD_MEDIA_TYPES).join(", ")}.`);
  }
  const format = requested ?? UPLOAD_MEDIA_TYPES[essence as keyof typeof UPLOAD_MEDIA_TYPES];
  if (!format) throw new AppError("BAD_REQUEST", "With Content-Type application/octet-stream, give the format: ?format=csv|json|ndjson|parquet.");
  return format;
}

function declaredLength(c: Context<AppEnv>): number | null {
  const header = c.req.header("Content-Length");
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

/** The dataset resource of the public API (DESIGN.md section 8). */
export function datasetApiRoutes(deps: { db: Database; redis: Redis; queues: ProducerQueues; config: DatasetStorageConfig & Pick<GatewayConfig, "ANALYSIS_WAIT_MS" | "REQUEST_BODY_TIMEOUT_MS">; now: () => Date }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const store = createDatasetStore(deps.config);
  const services = (c: Context<AppEnv>) => ({
    db: deps.db,
    redis: deps.redis,
    queues: deps.queues,
    logger: c.get("logger"),
    store,
    dataDir: deps.config.DATA_DIR,
    waitMs: deps.config.ANALYSIS_WAIT_MS,
    stallMs: deps.config.REQUEST_BODY_TIMEOUT_MS,
  });

  app.openapi(uploadRoute, async (c) => {
    const key = c.get("apiKey");
    if (!key) throw new AppError("UNAUTHORIZED");
    const query = c.req.valid("query");
    const row = await createDatasetFromUpload(
      services(c),
      key,
      { body: c.req.raw.body, declaredBytes: declaredLength(c), format: uploadFormat(c, query.format), name: query.name },
      deps.now(),
    );
    return c.json(serializeDataset(row), row.status === "ready" ? 201 : 202);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listDatasets(deps.db, keyOwner(c), query);
    return c.json({ datasets: rows.map(serializeDataset), total, page: query.page, limit: query.limit }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const row = await findDataset(deps.db, keyOwner(c), c.req.valid("param").id);
    if (!row) throw new AppError("NOT_FOUND", "No such dataset.");
    return c.json(serializeDataset(row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const row = await deleteDataset(services(c), keyOwner(c), c.req.valid("param").id, deps.now());
    return c.json({ message: "Dataset deleted", deleted_at: new Date(row.deleted_at ?? deps.now()).toISOString() }, 200);
  });

  return app;
}
