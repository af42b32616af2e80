import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import { z } from "zod";
import { KeyUsageSchema, WhoAmISchema } from "../../../core/contracts/account.js";
import type { Database } from "../../../core/db/client.js";
import { AppError } from "../../../core/errors.js";
import { monthStartDay, nextMonthStart, utcDay, utcMonth } from "../../../core/metering/calendar.js";
import { ENDPOINT_CATEGORIES, type EndpointCategory } from "../../../core/metering/endpoint-categories.js";
import { dataLimitFor, readDataUsed } from "../../../core/metering/data-meter.js";
import { bytesField, endpointField, meterKeys } from "../../../core/metering/redis-keys.js";
import { TEST_MODE_LIMITS } from "../../../core/plans.js";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { errorResponses } from "../../http/error-responses.js";
import { validationHook } from "../../http/errors.js";
import { jsonResponse } from "../../http/route-helpers.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const security = API_KEY_SECURITY;
const meteredErrors = errorResponses("UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED");

const whoamiRoute = createRoute({
  method: "get",
  path: "/v1/whoami",
  tags: ["Account"],
  summary: "The key making the request and its account",
  security,
  responses: { 200: jsonResponse(WhoAmISchema, "The key's id, mode, permission and cap, and its account."), ...meteredErrors },
});

const usageRoute = createRoute({
  method: "get",
  path: "/v1/usage",
  tags: ["Account"],
  summary: "This month's usage against the quota",
  security,
  responses: { 200: jsonResponse(KeyUsageSchema, "Requests used and allowed this calendar month (UTC), per endpoint category, and data processed."), ...meteredErrors },
});

function apiKeyOf(c: { get: (key: "apiKey") => AppEnv["Variables"]["apiKey"] }) {
  const key = c.get("apiKey");
  if (!key) throw new AppError("UNAUTHORIZED");
  return key;
}

/** Account endpoints of the public API: who am I, and how much have I used. */
export function accountApiRoutes(deps: { db: Database; redis: Redis; now: () => Date }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(whoamiRoute, (c) => {
    const key = apiKeyOf(c);
    return c.json(
      { key: { id: key.keyId, mode: key.mode, permission: key.permission, monthly_cap: key.monthlyCap }, account: { id: key.userId, package: key.packageName } },
      200,
    );
  });

  app.openapi(usageRoute, async (c) => {
    const key = apiKeyOf(c);
    const now = deps.now();
    const live = key.mode === "live";
    const usage = live ? await liveUsage(deps, key.userId, now) : await testUsage(deps, key.userId, now);
    const limit = live ? key.monthlyRequests : TEST_MODE_LIMITS.perMonth;
    const dataLimit = dataLimitFor(key.mode, key.dataLimitBytes);
    return c.json(
      {
        mode: key.mode,
        requests_used: usage.requestsUsed,
        requests_limit: limit < 0 ? null : limit,
        reset_date: utcDay(nextMonthStart(now)),
        endpoints: ENDPOINT_CATEGORIES.map((endpoint) => ({ endpoint, request_count: usage.requests(endpoint) })),
        data: {
          bytes_processed: usage.bytesProcessed,
          bytes_limit: dataLimit < 0 ? null : dataLimit,
        },
      },
      200,
    );
  });

  return app;
}

interface ModeUsage {
  requestsUsed: number;
  requests: (endpoint: EndpointCategory) => number;
  bytesProcessed: number;
}

type UsageDeps = { db: Database; redis: Redis };

/** GET of the test month counter, HGETALL of the test endpoint counts. */
const TestUsageRepliesSchema = z.tuple([z.string().nullable(), z.record(z.string(), z.string())]);

/**
 * Live usage: the month counter for the total; per endpoint and for bytes, what the engine
 * flushed to api_usage plus today's usage hash, still waiting for the flush.
 */
async function liveUsage(deps: UsageDeps, userId: string, now: Date): Promise<ModeUsage> {
  const [used, flushed, pending] = await Promise.all([
    deps.redis.get(meterKeys.monthQuota(userId, "live", utcMonth(now))),
    deps.db
      .selectFrom("api_usage")
      .select(["endpoint", sql<number>`sum(request_count)::bigint`.as("requests"), sql<number>`sum(bytes_processed)::bigint`.as("bytes")])
      .where("user_id", "=", userId)
      .where("date", ">=", monthStartDay(now))
      .where("date", "<", utcDay(nextMonthStart(now)))
      .groupBy("endpoint")
      .execute(),
    deps.redis.hgetall(meterKeys.usageDay(userId, utcDay(now))),
  ]);
  return {
    requestsUsed: Number(used ?? 0),
    requests: (endpoint) => Number(flushed.find((row) => row.endpoint === endpoint)?.requests ?? 0) + Number(pending[endpointField(endpoint)] ?? 0),
    bytesProcessed:
      flushed.reduce((sum, row) => sum + Number(row.bytes), 0) + ENDPOINT_CATEGORIES.reduce((sum, endpoint) => sum + Number(pending[bytesField(endpoint)] ?? 0), 0),
  };
}

/**
 * Test usage, which has no ledger: the test month counter and the month's test endpoint counts
 * the metering script keeps beside it, read in one transaction (one slot: both carry the
 * account's hash tag) so they sum to each other; bytes from the test data counter.
 */
async function testUsage(deps: UsageDeps, userId: string, now: Date): Promise<ModeUsage> {
  const month = utcMonth(now);
  const [replies, bytesProcessed] = await Promise.all([
    deps.redis.multi().get(meterKeys.monthQuota(userId, "test", month)).hgetall(meterKeys.testEndpointsMonth(userId, month)).exec(),
    readDataUsed(deps, { userId, mode: "test", now }),
  ]);
  if (!replies) throw new Error("the test usage transaction was discarded");
  const [used, perEndpoint] = TestUsageRepliesSchema.parse(
    replies.map(([error, reply]) => {
      if (error) throw error;
      return reply;
    }),
  );
  return {
    requestsUsed: Number(used ?? 0),
    requests: (endpoint) => Number(perEndpoint[endpointField(endpoint)] ?? 0),
    bytesProcessed,
  };
}
