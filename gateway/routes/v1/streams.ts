import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  DeletedStreamSchema,
  IngestResultSchema,
  StreamDetailSchema,
  StreamEventBatchSchema,
  StreamListSchema,
  STREAM_NAME_MESSAGE,
  STREAM_NAME_PATTERN,
} from "../../../core/contracts/streams.js";
import type { Database } from "../../../core/db/client.js";
import { AppError } from "../../../core/errors.js";
import { chargeDataBytes, dataQuotaExceeded } from "../../../core/metering/data-meter.js";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { errorResponses } from "../../http/error-responses.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse } from "../../http/route-helpers.js";
import { findStream, listStreams, removeStream, serializeStream, touchStream } from "../../streams/stream-queries.js";
import { deleteStreamState, ingestEvents, readStreamStatistics, withStreamScripts } from "../../streams/stream-state.js";
import { keyOwner, sessionOwner } from "../../workflows/owner.js";
import type { ApiSurface } from "../../http/api-surface.js";
import type { Owner } from "../../workflows/workflow-queries.js";
import { publishStreamUpdate } from "../../streams/stream-updates.js";
import { notifyAnomalies } from "../../streams/anomaly-webhooks.js";
import type { Logger } from "../../../core/logger.js";
import type { ProducerQueues } from "../../../core/queues.js";
import type { StreamHub } from "../../streams/stream-hub.js";
import { registerStreamLive } from "./stream-live.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Streams"];
export const PUBLIC_STREAM_API: ApiSurface<Owner> = { prefix: "/v1", hide: false, principal: keyOwner };
/** The dashboard's view of the signed-in user's streams (`?mode=test` for test streams), unmetered. */
export const DASHBOARD_STREAM_API: ApiSurface<Owner> = { prefix: "/api", hide: true, principal: sessionOwner };
const security = API_KEY_SECURITY;

const NameParamsSchema = z.object({ name: z.string().regex(STREAM_NAME_PATTERN, STREAM_NAME_MESSAGE).openapi({ param: { name: "name", in: "path" }, example: "checkout-latency" }) });
const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ example: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
});

const ingestRoute = createRoute({
  method: "post",
  path: "/v1/streams/{name}/events",
  tags,
  summary: "Send events to a stream",
  description:
    "A batch of 1 to 1,000 events, each with an id, a timestamp and 1 to 50 numeric fields. The stream is created by its first batch. " +
    "Per field the stream keeps count, mean and variance (Welford), min, max, an EWMA (alpha 0.1) and the arrival rate, updated atomically; " +
    "each value's residual from the field's local level (Holt, alpha 0.3, beta 0.05) is scored against the field's last 100 residuals " +
    "(z = (e − median)/(MAD/0.6745), the scale never below the mean step of the last 100 values; once 20 residuals exist) and " +
    "flagged when |z| > 6; a flagged value is clipped to the threshold before it moves the level. An event id seen on this stream in the last 24 hours (among its last 100,000 ids by default) is a duplicate and changes nothing. The request is metered " +
    "and its body size is charged to the data allowance. Stream names are 1 to 63 lower-case letters, digits, '_' or '-', starting with a letter or digit; " +
    "field names 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'; event ids and dimensions may be any text without NUL or unpaired surrogates.",
  security,
  request: { params: NameParamsSchema, ...jsonBody(StreamEventBatchSchema) },
  responses: {
    200: jsonResponse(IngestResultSchema, "Events accepted and duplicates ignored, with the anomalies this batch raised."),
    ...errorResponses("BAD_REQUEST", "MALFORMED_JSON", "UNAUTHORIZED", "FORBIDDEN", "PAYLOAD_TOO_LARGE", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED"),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/v1/streams/{name}",
  tags,
  summary: "Delete a stream",
  description: "The stream and all its statistics are removed; a later batch under the same name starts a new stream.",
  security,
  request: { params: NameParamsSchema },
  responses: { 200: jsonResponse(DeletedStreamSchema, "Deleted."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED") },
});

/** The read routes, served on the public API and, hidden, on the dashboard's copy. */
function readRouteDefinitions(surface: ApiSurface<Owner>) {
  const onSurface = surface.hide ? { hide: true } : { security };
  const listRoute = createRoute({
    method: "get",
    path: `${surface.prefix}/streams`,
    tags,
    summary: "List streams",
    ...onSurface,
    request: { query: ListQuerySchema },
    responses: { 200: jsonResponse(StreamListSchema, "The key's streams (of its mode), by name."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED") },
  });
  const getRoute = createRoute({
    method: "get",
    path: `${surface.prefix}/streams/{name}`,
    tags,
    summary: "Get a stream's statistics",
    description: "The current statistics per field and the stream's last 20 anomalies, newest first.",
    ...onSurface,
    request: { params: NameParamsSchema },
    responses: { 200: jsonResponse(StreamDetailSchema, "The stream."), ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED") },
  });
  return { listRoute, getRoute };
}

/** Listing, statistics and the live view of streams, for the surface's principal. */
export function registerStreamReads(app: OpenAPIHono<AppEnv>, deps: { db: Database; redis: Redis; hub: StreamHub; now: () => Date; isShuttingDown: () => boolean }, surface: ApiSurface<Owner>) {
  const { listRoute, getRoute } = readRouteDefinitions(surface);
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listStreams(deps.db, surface.principal(c), query);
    return c.json({ streams: rows.map(serializeStream), total, page: query.page, limit: query.limit }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const owner = surface.principal(c);
    const { name } = c.req.valid("param");
    const row = await findStream(deps.db, owner, name);
    if (!row) throw new AppError("NOT_FOUND", "No such stream.");
    const statistics = await readStreamStatistics(deps.redis, { ...owner, name }, deps.now());
    return c.json({ ...serializeStream(row), ...statistics }, 200);
  });

  registerStreamLive(app, deps, surface);
}

/** The request body's size: Content-Length when given, otherwise the size of the JSON parsed. */
function bodyBytes(c: Context<AppEnv>, body: unknown): number {
  const header = c.req.header("Content-Length");
  return header && /^\d+$/.test(header) ? Number(header) : Buffer.byteLength(JSON.stringify(body));
}

/** The stream resource of the public API (issue 11). */
export function streamApiRoutes(deps: {
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  logger: Logger;
  hub: StreamHub;
  redisKeyPrefix: string;
  /** STREAM_EVENT_IDS_KEPT. */
  eventIdsKept: number;
  now: () => Date;
  isShuttingDown: () => boolean;
}) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const redis = withStreamScripts(deps.redis);

  app.openapi(ingestRoute, async (c) => {
    const key = c.get("apiKey");
    if (!key) throw new AppError("UNAUTHORIZED");
    const { name } = c.req.valid("param");
    const batch = c.req.valid("json");
    const now = deps.now();
    const bytes = bodyBytes(c, batch);
    const charge = await chargeDataBytes({ db: deps.db, redis: deps.redis }, { userId: key.userId, mode: key.mode, bytes, limitBytes: key.dataLimitBytes, now, endpoint: "/api/analytics" });
    if (!charge.admitted) throw dataQuotaExceeded(charge, bytes, now);
    const owner = { userId: key.userId, mode: key.mode };
    await touchStream(deps.db, owner, name, now);
    const ref = { ...owner, name };
    const outcome = await ingestEvents(redis, ref, batch.events, now, deps.eventIdsKept);
    if (outcome.accepted > 0) await publishStreamUpdate(deps, ref, outcome.anomalies, now);
    await notifyAnomalies(deps, ref, outcome.anomalies, now);
    return c.json({ stream: name, ...outcome }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const owner = keyOwner(c);
    const { name } = c.req.valid("param");
    if (!(await removeStream(deps.db, owner, name, deps.now()))) throw new AppError("NOT_FOUND", "No such stream.");
    await deleteStreamState(deps.redis, { ...owner, name });
    return c.json({ message: "Stream deleted", deleted_at: deps.now().toISOString() }, 200);
  });

  registerStreamReads(app, deps, PUBLIC_STREAM_API);
  return app;
}

/** The dashboard's read-only copy (/api/streams…): the signed-in user's streams, unmetered. */
export function streamDashboardRoutes(deps: { db: Database; redis: Redis; hub: StreamHub; now: () => Date; isShuttingDown: () => boolean }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerStreamReads(app, deps, DASHBOARD_STREAM_API);
  return app;
}
