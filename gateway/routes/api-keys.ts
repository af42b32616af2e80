import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { ApiKeyListSchema, CreateKeyRequestSchema, CreatedKeySchema, RotateKeyRequestSchema } from "../../core/contracts/api-keys.js";
import { MessageResponseSchema } from "../../core/contracts/auth.js";
import { AppError } from "../../core/errors.js";
import { monthStartDay, utcMonth } from "../../core/metering/calendar.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import { meterKeys } from "../../core/metering/redis-keys.js";
import type { Redis } from "../../core/redis.js";
import type { Database } from "../../core/db/client.js";
import type { AppEnv } from "../app-env.js";
import { validationHook } from "../http/errors.js";
import { jsonBody, jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";
import { createKeyInput, deleteKeyRow, expireKeyAt, findKeyRow, insertKey, listKeyRows, monthlyKeyUsage, serializeKey, type KeyRow } from "../keys/key-records.js";

const KeyIdParams = z.object({ id: idParam("key", "No such API key.") });

const listRoute = createRoute({ method: "get", path: "/api/keys", hide: true, responses: { 200: jsonResponse(ApiKeyListSchema, "The account's keys, newest first.") } });
const createKeyRoute = createRoute({
  method: "post",
  path: "/api/keys",
  hide: true,
  request: jsonBody(CreateKeyRequestSchema),
  responses: { 201: jsonResponse(CreatedKeySchema, "The new key; its secret is shown this once.") },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/api/keys/{id}",
  hide: true,
  request: { params: KeyIdParams },
  responses: { 200: jsonResponse(MessageResponseSchema, "Deleted; every gateway stops accepting it within a second.") },
});
const rotateRoute = createRoute({
  method: "post",
  path: "/api/keys/{id}/rotate",
  hide: true,
  request: { params: KeyIdParams, ...jsonBody(RotateKeyRequestSchema) },
  responses: { 201: jsonResponse(CreatedKeySchema, "A replacement key; the old one expires after the grace period.") },
});

/** The signed-in user's API keys: list, create (secret shown once), delete, rotate. */
export function apiKeyRoutes(deps: { db: Database; redis: Redis; redisKeyPrefix: string; now: () => Date }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const invalidate = (keyHash: Buffer) => publishKeyInvalidation(deps.redis, deps.redisKeyPrefix, { key_hash: keyHash.toString("hex") });

  /** This month's requests per key: the live Redis counter, else the flushed ledger. */
  async function usageOf(userId: string, rows: KeyRow[]): Promise<Map<string, number>> {
    const now = deps.now();
    const ledger = await monthlyKeyUsage(deps.db, rows.map((r) => r.id), monthStartDay(now));
    if (rows.length === 0) return ledger;
    const live = await deps.redis.mget(...rows.map((r) => meterKeys.keyMonth(userId, r.id, utcMonth(now)))).catch(() => []);
    return new Map(rows.map((row, i) => [row.id, Math.max(Number(live[i] ?? 0), ledger.get(row.id) ?? 0)]));
  }

  app.openapi(listRoute, async (c) => {
    const { userId } = currentSession(c);
    const rows = await listKeyRows(deps.db, userId);
    const usage = await usageOf(userId, rows);
    return c.json({ keys: rows.map((row) => serializeKey(row, usage.get(row.id) ?? 0, deps.now())) }, 200);
  });

  app.openapi(createKeyRoute, async (c) => {
    const request = c.req.valid("json");
    if (request.expires_at && new Date(request.expires_at) <= deps.now()) {
      throw new AppError("VALIDATION_FAILED", undefined, { details: [{ field: "expires_at", message: "The expiry must be in the future" }] });
    }
    const { row, secret } = await insertKey(deps.db, currentSession(c).userId, createKeyInput(request));
    return c.json({ key: serializeKey(row, 0, deps.now()), secret }, 201);
  });

  app.openapi(deleteRoute, async (c) => {
    const keyHash = await deleteKeyRow(deps.db, currentSession(c).userId, c.req.valid("param").id);
    if (!keyHash) throw new AppError("NOT_FOUND", "No such API key.");
    await invalidate(keyHash);
    return c.json({ message: "API key deleted." }, 200);
  });

  app.openapi(rotateRoute, async (c) => {
    const { userId } = currentSession(c);
    const old = await findKeyRow(deps.db, userId, c.req.valid("param").id);
    if (!old) throw new AppError("NOT_FOUND", "No such API key.");
    const now = deps.now();
    const { row, secret } = await deps.db.transaction().execute(async (trx) => {
      const created = await insertKey(trx, userId, {
        name: old.key_name,
        mode: old.mode === "test" ? "test" : "live",
        permission: old.permission === "admin" || old.permission === "read" ? old.permission : "write",
        monthlyCap: old.monthly_cap,
        expiresAt: old.expires_at,
      });
      await expireKeyAt(trx, userId, old.id, new Date(now.getTime() + c.req.valid("json").grace_hours * 3_600_000));
      return created;
    });
    await invalidate(old.key_hash);
    return c.json({ key: serializeKey(row, 0, now), secret }, 201);
  });

  return app;
}
