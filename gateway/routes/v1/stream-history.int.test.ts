import { describe, expect, it } from "vitest";
import { AnalysisSchema } from "../../../core/contracts/analytics.js";
import { IngestResultSchema, StreamDetailSchema, type StreamEvent } from "../../../core/contracts/streams.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { createApiCaller, type Auth } from "../../../testing/gateway.js";
import { useHttpReceiver } from "../../../testing/http-receiver.js";
import { insertWebhookEndpoint } from "../../../testing/webhooks.js";
import { githubStyleSignature, standardWebhooksSignature } from "../../../core/webhooks/signing.js";
import { DatasetSchema } from "../../../core/contracts/datasets.js";
import { streamKeys, type StreamRef } from "../../streams/stream-state.js";

// A stream's per-minute history: rolled up in Redis by the ingest script, moved to PostgreSQL by
// the engine's flush, and read by /v1/data/analyze through the stream's dataset.
// Loopback webhook receivers are refused unless OUTBOUND_ALLOW_PRIVATE is set (tests only).
const { testApp, testEngine } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "15000" }, engine: { OUTBOUND_ALLOW_PRIVATE: "true" } });
const receiver = useHttpReceiver();
const call = createApiCaller(testApp);
const db = () => testApp.current.database.db;
const flush = () => testEngine.current.runJob("maintenance", { task: "flush-stream-rollups" });

async function account() {
  const keyed = await createKeyedAccount(db());
  await db().updateTable("user_packages").set({ package_name: "enterprise", request_limit: null }).where("user_id", "=", keyed.userId).execute();
  return keyed;
}

async function ingest(auth: Auth, name: string, events: StreamEvent[]) {
  const response = await call(auth, "POST", `/v1/streams/${name}/events`, { events });
  expect(response.status).toBe(200);
  return IngestResultSchema.parse(await response.json());
}

const START = Date.parse("2026-11-20T10:00:00Z");
const at = (minute: number, second: number) => new Date(START + minute * 60_000 + second * 1_000).toISOString();

async function rollupsOf(userId: string, name: string) {
  const rows = await db().selectFrom("stream_rollups").selectAll().where("user_id", "=", userId).where("name", "=", name).orderBy("minute").orderBy("field").execute();
  return rows.map((r) => ({ minute: new Date(r.minute).toISOString(), field: r.field, count: Number(r.count), sum: r.sum, min: r.min, max: r.max }));
}

describe("stream history", () => {
  it("persists per-minute rollups equal to the events, keeps them when Redis loses the stream, and analyses them by the stream's dataset_id", async () => {
    const { authorization, userId } = await account();
    // 30 minutes, 4 events a minute: latency rises 2 a minute; 'errors' only in even minutes.
    const events: StreamEvent[] = [];
    const expected = new Map<string, { count: number; sum: number; min: number; max: number }>();
    for (let minute = 0; minute < 30; minute++) {
      for (let i = 0; i < 4; i++) {
        const fields: Record<string, number> = { latency: 100 + 2 * minute + i * 0.25 };
        if (minute % 2 === 0) fields.errors = i;
        events.push({ id: `m${minute}-${i}`, timestamp: at(minute, i * 10), fields });
        for (const [field, value] of Object.entries(fields)) {
          const key = `${at(minute, 0)}|${field}`;
          const sum = expected.get(key) ?? { count: 0, sum: 0, min: value, max: value };
          expected.set(key, { count: sum.count + 1, sum: sum.sum + value, min: Math.min(sum.min, value), max: Math.max(sum.max, value) });
        }
      }
    }
    await ingest(authorization, "latency", events.slice(0, 60));
    await ingest(authorization, "latency", events.slice(60));
    await flush();

    const rows = await rollupsOf(userId, "latency");
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      const want = expected.get(`${row.minute}|${row.field}`);
      expect(want, `${row.minute} ${row.field}`).toBeDefined();
      expect({ count: row.count, min: row.min, max: row.max }).toEqual({ count: want?.count, min: want?.min, max: want?.max });
      expect(Math.abs(row.sum - (want?.sum ?? 0))).toBeLessThan(1e-9 * Math.abs(want?.sum ?? 1) + 1e-12);
    }

    // A late event of minute 0 and a repeated id: merged into the stored minute once.
    await ingest(authorization, "latency", [{ id: "late", timestamp: at(0, 59), fields: { latency: 50 } }, events[0]!]);
    await flush();
    await flush();
    const minuteZero = (await rollupsOf(userId, "latency")).find((r) => r.minute === at(0, 0) && r.field === "latency");
    expect(minuteZero).toMatchObject({ count: 5, min: 50, max: 100.75 });

    const stream = StreamDetailSchema.parse(await (await call(authorization, "GET", "/v1/streams/latency")).json());
    expect(stream.dataset_id).toMatch(/^ds_/);

    // Redis loses the stream: its statistics are gone, its history is not.
    const ref: StreamRef = { userId, mode: "live", name: "latency" };
    const keys = streamKeys(ref);
    await testApp.current.redis.del(keys.stats, keys.ids, keys.anomalies, keys.rollup);
    expect(StreamDetailSchema.parse(await (await call(authorization, "GET", "/v1/streams/latency")).json()).events).toBe(0);

    const dataset = DatasetSchema.parse(await (await call(authorization, "GET", `/v1/datasets/${stream.dataset_id}`)).json());
    expect(dataset).toMatchObject({ format: "stream", status: "ready", row_count: 30, mode: "live" });
    expect(dataset.schema?.map((c) => c.name)).toEqual([
      "minute",
      "errors:mean",
      "errors:count",
      "errors:min",
      "errors:max",
      "latency:mean",
      "latency:count",
      "latency:min",
      "latency:max",
    ]);
    expect(dataset.size_bytes).toBeGreaterThan(0);

    const analyzed = await call(authorization, "POST", "/v1/data/analyze", { dataset_id: stream.dataset_id, analysis: "trend", time_column: "minute", value_column: "latency:max" });
    expect(analyzed.status).toBe(200);
    const analysis = AnalysisSchema.parse(await analyzed.json());
    expect(analysis.status).toBe("completed");
    expect(analysis.dataset_id).toBe(stream.dataset_id);
    expect(analysis.series).toMatchObject({ time_column: "minute", value_column: "latency:max", grain: "minute", points: 30 });
    expect(analysis.insights?.trend?.direction).toBe("increasing");
    expect(analysis.insights?.trend?.theil_sen_slope).toBeCloseTo(2, 6);
  });

  it("applies a batch left claimed by a crashed flush exactly once", async () => {
    const { authorization, userId } = await account();
    await ingest(authorization, "crash", [
      { id: "a", timestamp: at(0, 1), fields: { v: 1 } },
      { id: "b", timestamp: at(0, 2), fields: { v: 3 } },
    ]);
    const keys = streamKeys({ userId, mode: "live", name: "crash" });
    const redis = testApp.current.redis;
    // Crash after claiming, before applying: the claimed batch is found and applied.
    await redis.rename(keys.rollup, keys.claimedRollup);
    await redis.hset(keys.claimedRollup, "batch", "0123456789abcdef");
    const claimed = await redis.hgetall(keys.claimedRollup);
    await ingest(authorization, "crash", [{ id: "c", timestamp: at(0, 3), fields: { v: 5 } }]);
    await flush();
    expect(await rollupsOf(userId, "crash")).toEqual([{ minute: at(0, 0), field: "v", count: 3, sum: 9, min: 1, max: 5 }]);
    expect(await redis.exists(keys.claimedRollup, keys.rollup)).toBe(0);

    // Crash after applying, before releasing: the same batch again changes nothing and is released.
    await redis.hset(keys.claimedRollup, claimed);
    await flush();
    expect(await rollupsOf(userId, "crash")).toEqual([{ minute: at(0, 0), field: "v", count: 3, sum: 9, min: 1, max: 5 }]);
    expect(await redis.exists(keys.claimedRollup)).toBe(0);
  });

  it("keeps a stream's dataset until the stream is deleted, and then its rollups go too", async () => {
    const { authorization, userId } = await account();
    await ingest(authorization, "owned", [{ id: "a", timestamp: at(0, 1), fields: { v: 1 } }]);
    await flush();
    const { dataset_id: datasetId } = StreamDetailSchema.parse(await (await call(authorization, "GET", "/v1/streams/owned")).json());

    const refused = await call(authorization, "DELETE", `/v1/datasets/${datasetId}`);
    expect(refused.status).toBe(409);
    expect(ErrorBodySchema.parse(await refused.json()).error.message).toBe("This dataset is the history of stream owned; delete the stream (DELETE /v1/streams/owned) to delete it.");

    // Another account sees neither the dataset nor the stream.
    const stranger = await account();
    expect((await call(stranger.authorization, "GET", `/v1/datasets/${datasetId}`)).status).toBe(404);
    expect((await call(stranger.authorization, "POST", "/v1/data/analyze", { dataset_id: datasetId, analysis: "trend" })).status).toBe(404);

    expect((await call(authorization, "DELETE", "/v1/streams/owned")).status).toBe(200);
    expect((await call(authorization, "GET", `/v1/datasets/${datasetId}`)).status).toBe(404);
    expect(await rollupsOf(userId, "owned")).toEqual([]);
    // A new stream under the name gets a new dataset.
    await ingest(authorization, "owned", [{ id: "a", timestamp: at(0, 1), fields: { v: 1 } }]);
    const renewed = StreamDetailSchema.parse(await (await call(authorization, "GET", "/v1/streams/owned")).json());
    expect(renewed.dataset_id).toMatch(/^ds_/);
    expect(renewed.dataset_id).not.toBe(datasetId);
  });

  it("delivers a spike as a signed stream.anomaly_detected webhook", async () => {
    const { authorization, userId } = await account();
    const endpoint = await insertWebhookEndpoint(db(), userId, receiver.current.url, { events: ["stream.anomaly_detected"] });
    await ingest(authorization, "alarms", Array.from({ length: 30 }, (_, i) => ({ id: `n-${i}`, timestamp: at(0, i), fields: { load: 10 + (i % 3) } })));
    const spike = await ingest(authorization, "alarms", [{ id: "spike", timestamp: at(0, 31), fields: { load: 900 } }]);
    expect(spike.anomalies).toMatchObject([{ event_id: "spike", field: "load", sequence: 31, value: 900 }]);

    const [request] = await receiver.current.waitForRequests(1, 15_000);
    expect(request?.path).toBe(`/hooks/${endpoint.id}`);
    const id = String(request?.headers["webhook-id"]);
    const timestamp = Number(request?.headers["webhook-timestamp"]);
    expect(request?.headers["webhook-signature"]).toBe(standardWebhooksSignature(endpoint.secret, id, timestamp, request?.body ?? ""));
    expect(request?.headers["x-webhook-signature-256"]).toBe(githubStyleSignature(endpoint.secret, request?.body ?? ""));
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({
      id,
      type: "stream.anomaly_detected",
      data: { stream: "alarms", mode: "live", anomalies: [{ event_id: "spike", field: "load", sequence: 31, value: 900 }], suppressed_since_last: 0 },
    });
  });
});
