import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { Redis } from "../../core/redis.js";
import { listLiveEngines } from "../../core/liveness.js";
import { REDIS_PERSISTENCE, readRedisPersistence } from "../../core/redis-persistence.js";
import type { AppEnv } from "../app-env.js";
import { validationHook } from "../http/errors.js";

const CHECK_TIMEOUT_MS = 1_000;
const ENGINE_STALE_AFTER_MS = 15_000;

const CheckSchema = z.object({
  status: z.enum(["up", "down"]),
  latency_ms: z.number(),
  error: z.string().optional(),
});

const ReadinessSchema = z
  .object({
    status: z.enum(["ready", "not_ready"]),
    checks: z.object({ postgres: CheckSchema, redis: CheckSchema }),
    engine: z.object({ live_instances: z.number().int() }),
    redis_persistence: z.enum(REDIS_PERSISTENCE).openapi({
      description: "What Redis keeps across a restart: aof, rdb (snapshots only), none, or unknown (CONFIG refused, or Redis down). Reported, never a reason to be not ready.",
    }),
  })
  .openapi("Readiness");

/**
 * The only client error a probe can meet: the probes read no input, so a request fails only when
 * Node's HTTP parser refuses it (a malformed request line or header), before the gateway sees it.
 */
const unparsableRequest = { description: "The request line or a header could not be parsed; Node's HTTP server answers this itself, without a body." };

const healthzRoute = createRoute({
  method: "get",
  path: "/healthz",
  tags: ["Operations"],
  summary: "Liveness: the process is up",
  // Probes need no credentials: an empty security requirement says so.
  security: [],
  responses: {
    200: { description: "The process answers.", content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } } },
    400: unparsableRequest,
  },
});

const readyzRoute = createRoute({
  method: "get",
  path: "/readyz",
  tags: ["Operations"],
  summary: "Readiness: PostgreSQL and Redis answer",
  security: [],
  responses: {
    200: { description: "Ready to serve traffic.", content: { "application/json": { schema: ReadinessSchema } } },
    400: unparsableRequest,
    503: { description: "A dependency is down or the process is shutting down.", content: { "application/json": { schema: ReadinessSchema } } },
  },
});

export interface HealthDeps {
  db: Database;
  redis: Redis;
  isShuttingDown: () => boolean;
}

type Check = z.infer<typeof CheckSchema>;

/** The probe's answer, or a rejection once it has taken CHECK_TIMEOUT_MS. */
async function withinTimeout<T>(probe: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function timedCheck(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await withinTimeout(probe);
    return { status: "up", latency_ms: elapsed(started) };
  } catch (error) {
    // The message of a driver error names the failure (refused, timeout); it carries no secret.
    return { status: "down", latency_ms: elapsed(started), error: error instanceof Error ? error.message : "unknown error" };
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

export function healthRoutes(deps: HealthDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(healthzRoute, (c) => c.json({ status: "ok" as const }, 200));

  app.openapi(readyzRoute, async (c) => {
    const [postgres, redis, persistence] = await Promise.all([
      timedCheck(() => sql`select 1`.execute(deps.db)),
      timedCheck(() => deps.redis.ping()),
      withinTimeout(() => readRedisPersistence(deps.redis)).catch(() => "unknown" as const),
    ]);
    const engines = redis.status === "up" ? await listLiveEngines(deps.redis, ENGINE_STALE_AFTER_MS).catch(() => []) : [];
    const ready = postgres.status === "up" && redis.status === "up" && !deps.isShuttingDown();
    const body = {
      status: ready ? ("ready" as const) : ("not_ready" as const),
      checks: { postgres, redis },
      engine: { live_instances: engines.length },
      redis_persistence: persistence,
    };
    return ready ? c.json(body, 200) : c.json(body, 503);
  });

  return app;
}
