import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineConfigSchema, parseConfig, readEnvironment, type EngineConfig } from "../../core/config.js";
import { newId } from "../../core/ids.js";
import { QUEUES } from "../../core/jobs.js";
import { writeEngineHeartbeat } from "../../core/liveness.js";
import { createProducerQueues, enqueue, type ProducerQueues } from "../../core/queues.js";
import { connectRedis, type Redis } from "../../core/redis.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { answerOk, startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import type { AnalyticsDb } from "../analytics/analytics-db.js";
import { startTestAnalytics } from "../../testing/duckdb.js";
import { runStatusProbe } from "./status-probe.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();

async function samplesAt(at: Date) {
  const rows = await database.current.db
    .selectFrom("status_samples")
    .select(["component", "status", "latency_ms"])
    .where("checked_at", "=", at)
    .orderBy("component")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.component, row]));
}

describe("the status probe, component by component", () => {
  let receiver: HttpReceiver;
  let redis: Redis;
  let prefixed: Redis;
  let queues: ProducerQueues;
  let analytics: AnalyticsDb;
  let config: EngineConfig;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    config = parseConfig(EngineConfigSchema, {
      ...readEnvironment(),
      DATABASE_URL: database.current.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      QUEUE_PREFIX: namespace.queuePrefix,
      STATUS_PROBE_GATEWAY_URL: receiver.url,
    });
    redis = connectRedis(config, "worker");
    prefixed = connectRedis(config, "worker", { keyPrefix: namespace.keyPrefix });
    queues = createProducerQueues(connectRedis(config, "worker"), namespace.queuePrefix);
    analytics = await startTestAnalytics();
  });

  afterAll(async () => {
    await receiver.close();
    await queues.close();
    await analytics.close();
    await Promise.all([redis.quit(), prefixed.quit()]);
  });

  const context = () => ({ config, db: database.current.db, redis, queues, analytics });
  const beat = (queueNames: string[], at = new Date()) =>
    writeEngineHeartbeat(prefixed, {
      instance_id: "engine-under-test",
      hostname: "test",
      pid: 1,
      started_at: at.toISOString(),
      beat_at: at.toISOString(),
      queues: queueNames,
    });
  const allQueues = Object.values(QUEUES).map((queue) => queue.name);

  it("reads every component operational, with response times, when all answer quickly", async () => {
    await beat(allQueues);
    const now = new Date();
    expect((await runStatusProbe(context(), now)).purged).toBe(0);
    const samples = await samplesAt(now);
    expect(Object.keys(samples).sort()).toEqual(["analytics_engine", "database", "gateway", "queue_workers", "webhook_delivery"]);
    for (const sample of Object.values(samples)) {
      expect(sample.status, sample.component).toBe("operational");
      expect(sample.latency_ms, sample.component).toBeGreaterThanOrEqual(0);
    }
    expect(receiver.received.at(-1)?.path).toBe("/healthz");
  });

  it("reads a gateway that answers 503 or too slowly as down or degraded", async () => {
    await beat(allQueues);
    receiver.respondWith((_request, response) => {
      response.writeHead(503);
      response.end();
    });
    const first = new Date();
    await runStatusProbe(context(), first);
    expect((await samplesAt(first)).gateway).toEqual({ component: "gateway", status: "down", latency_ms: null });

    receiver.respondWith((_request, response) => {
      setTimeout(() => {
        response.writeHead(200);
        response.end('{"status":"ok"}');
      }, 1_100);
    });
    const second = new Date(first.getTime() + 1);
    await runStatusProbe(context(), second);
    const slow = (await samplesAt(second)).gateway;
    expect(slow?.status).toBe("degraded");
    expect(slow?.latency_ms).toBeGreaterThanOrEqual(1_100);
    receiver.respondWith(answerOk);
  });

  it("reads the engine's components as down with no live engine heartbeat and a closed DuckDB", async () => {
    await prefixed.del("engine:heartbeats");
    // A heartbeat a minute old is a dead engine.
    await beat(allQueues, new Date(Date.now() - 60_000));
    const closed = await startTestAnalytics();
    await closed.close();
    const now = new Date();
    await runStatusProbe({ ...context(), analytics: closed }, now);
    const samples = await samplesAt(now);
    expect(samples.queue_workers?.status).toBe("down");
    expect(samples.webhook_delivery?.status).toBe("down");
    expect(samples.analytics_engine?.status).toBe("down");
    expect(samples.database?.status).toBe("operational");
  });

  it("reads a queue nobody consumes, a job waiting over a minute and a long-overdue webhook as degraded or down", async () => {
    await prefixed.del("engine:heartbeats");
    await beat(allQueues.filter((name) => name !== "analytics"));
    const uncovered = new Date();
    await runStatusProbe(context(), uncovered);
    expect((await samplesAt(uncovered)).queue_workers?.status).toBe("degraded");

    await enqueue(queues, "email", { outbox_id: newId("mail") });
    const later = new Date(Date.now() + 61_000);
    await beat(allQueues, later);
    await runStatusProbe(context(), later);
    expect((await samplesAt(later)).queue_workers?.status).toBe("degraded");
    await queues.get("email").obliterate({ force: true });

    const { db } = database.current;
    const { id: userId } = await createAccount(db);
    const endpoint = await insertWebhookEndpoint(db, userId, receiver.url);
    const eventId = newId("evt");
    await db.insertInto("webhook_events").values({ id: eventId, user_id: userId, mode: "live", type: "workflow.completed", payload: {} }).execute();
    const dueAt = new Date();
    await db
      .insertInto("webhook_deliveries")
      .values({ id: newId("del"), event_id: eventId, endpoint_id: endpoint.id, status: "pending", next_attempt_at: dueAt })
      .execute();
    const threeMinutesLate = new Date(dueAt.getTime() + 3 * 60_000);
    await beat(allQueues, threeMinutesLate);
    await runStatusProbe(context(), threeMinutesLate);
    expect((await samplesAt(threeMinutesLate)).webhook_delivery?.status).toBe("degraded");
    const twentyMinutesLate = new Date(dueAt.getTime() + 20 * 60_000);
    await beat(allQueues, twentyMinutesLate);
    await runStatusProbe(context(), twentyMinutesLate);
    expect((await samplesAt(twentyMinutesLate)).webhook_delivery?.status).toBe("down");
  });

  it("deletes samples older than 91 days and keeps the rest", async () => {
    const { db } = database.current;
    const now = new Date();
    const day = 86_400_000;
    await db
      .insertInto("status_samples")
      .values([
        { component: "gateway", status: "operational", latency_ms: 3, checked_at: new Date(now.getTime() - 92 * day) },
        { component: "gateway", status: "operational", latency_ms: 3, checked_at: new Date(now.getTime() - 89 * day) },
      ])
      .execute();
    expect((await runStatusProbe(context(), now)).purged).toBe(1);
    const oldest = await db.selectFrom("status_samples").select((eb) => eb.fn.min("checked_at").as("at")).executeTakeFirstOrThrow();
    expect(new Date(oldest.at).getTime()).toBe(now.getTime() - 89 * day);
    // The per-day counts the page reads follow every insert and delete of samples.
    const counted = await sql<{ component: string; day: string; status: string; samples: number }>`
      select component, to_char(checked_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*)::int as samples
      from status_samples group by 1, 2, 3 order by 1, 2, 3`.execute(db);
    const kept = await db.selectFrom("status_daily_counts").selectAll().orderBy("component").orderBy("day").orderBy("status").execute();
    expect(kept).toEqual(counted.rows);
    expect(kept.some((row) => row.day === new Date(now.getTime() - 92 * day).toISOString().slice(0, 10))).toBe(false);
  });
});

describe("the status probe in a running engine", () => {
  let receiver: HttpReceiver | undefined;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  const engine = useTestEngine(database, () => ({ STATUS_PROBE_GATEWAY_URL: receiver?.url ?? "" }));

  it("runs as the maintenance task status-probe and finds every component of a live engine operational", async () => {
    const { db } = database.current;
    const result = await engine.current.runJob("maintenance", { task: "status-probe" });
    expect(result).toMatchObject({
      samples: [
        { component: "gateway", status: "operational" },
        { component: "database", status: "operational" },
        { component: "queue_workers", status: "operational" },
        { component: "webhook_delivery", status: "operational" },
        { component: "analytics_engine", status: "operational" },
      ],
    });
    const latest = await db
      .selectFrom("status_samples")
      .select("component")
      .where("checked_at", "=", (eb) => eb.selectFrom("status_samples").select((inner) => inner.fn.max("checked_at").as("at")))
      .execute();
    expect(latest).toHaveLength(5);
  });
});
