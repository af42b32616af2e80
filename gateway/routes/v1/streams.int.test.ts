import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { IngestResultSchema, StreamDetailSchema, StreamListSchema, type StreamEvent } from "../../../core/contracts/streams.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createAccount, createKeyedAccount } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { startGatewayProcess, type GatewayProcess } from "../../../testing/gateway-process.js";
import { readEvents } from "../../../testing/sse.js";
import { createApiCaller, useTestApp, type Auth } from "../../../testing/gateway.js";
import { streamKeys } from "../../streams/stream-state.js";
import { ewma, sampleVariance, scoreSequence, welford, type Moments } from "../../streams/statistics.js";

const testApp = useTestApp();
const call = createApiCaller(testApp);
const db = () => testApp.current.database.db;

/** A keyed account on a plan whose rate limit the bursts here stay under. */
async function account(options: { mode?: "live" | "test"; userId?: string } = {}) {
  const keyed = await createKeyedAccount(db(), options);
  await db().updateTable("user_packages").set({ package_name: "enterprise", request_limit: null }).where("user_id", "=", keyed.userId).execute();
  return keyed;
}

/** A deterministic pseudo-random sequence (LCG), so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const event = (id: string, fields: Record<string, number>): StreamEvent => ({ id, timestamp: "2026-11-21T12:00:00Z", fields });

async function ingest(auth: Auth, name: string, events: StreamEvent[]) {
  const response = await call(auth, "POST", `/v1/streams/${name}/events`, { events });
  expect(response.status).toBe(200);
  return IngestResultSchema.parse(await response.json());
}

async function detail(auth: Auth, name: string) {
  const response = await call(auth, "GET", `/v1/streams/${name}`);
  expect(response.status).toBe(200);
  return StreamDetailSchema.parse(await response.json());
}

const relative = (actual: number, expected: number) => (expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected));

describe("ingesting events", () => {
  it("keeps statistics equal to a batch computation over the same events, and anomalies equal to the reference", async () => {
    const { authorization } = await account();
    const random = sequence(7);
    const values = { latency: [] as number[], price: [] as number[] };
    const batches: StreamEvent[][] = [];
    for (let b = 0; b < 4; b++) {
      batches.push(
        Array.from({ length: 150 }, (_, i) => {
          const latency = 1e6 + random() * 50 + (random() < 0.03 ? 5_000 : 0);
          const price = random() * 1e-3 - 5e-4;
          values.latency.push(latency);
          values.price.push(price);
          return event(`e-${b}-${i}`, { latency, price });
        }),
      );
    }
    const reported: Array<{ event_id: string; field: string; sequence: number; score: number | null }> = [];
    for (const batch of batches) reported.push(...(await ingest(authorization, "checkout", batch)).anomalies);

    const stream = await detail(authorization, "checkout");
    expect(stream.events).toBe(600);
    const expectedAnomalies: Array<{ event_id: string; field: string; sequence: number; score: number | null }> = [];
    for (const field of ["latency", "price"] as const) {
      const xs = values[field];
      const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
      const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
      const stats = stream.fields[field]!;
      expect(stats.count).toBe(600);
      expect(relative(stats.mean, mean)).toBeLessThan(1e-9);
      expect(relative(stats.variance, variance)).toBeLessThan(1e-9);
      expect(relative(stats.stddev, Math.sqrt(variance))).toBeLessThan(1e-9);
      expect(stats.min).toBe(Math.min(...xs));
      expect(stats.max).toBe(Math.max(...xs));
      // The reference, replayed: the script's doubles are the same doubles.
      const moments = xs.reduce<Moments>(welford, { count: 0, mean: 0, m2: 0 });
      expect(stats.mean).toBe(moments.mean);
      expect(stats.variance).toBe(sampleVariance(moments));
      expect(stats.ewma).toBe(xs.reduce<number | null>(ewma, null));
      expect(stats.rate_per_minute).toBe(600);
      expect(stats.recent).toEqual(xs.slice(-100));
      scoreSequence(xs).forEach(({ flagged, score }, i) => {
        if (flagged) expectedAnomalies.push({ event_id: `e-${Math.floor(i / 150)}-${i % 150}`, field, sequence: i + 1, score });
      });
    }
    const byId = (a: { event_id: string; field: string }, b: { event_id: string; field: string }) => `${a.event_id}${a.field}`.localeCompare(`${b.event_id}${b.field}`);
    expect(expectedAnomalies.length).toBeGreaterThan(5);
    expect(reported.map(({ event_id, field, sequence, score }) => ({ event_id, field, sequence, score })).sort(byId)).toEqual(expectedAnomalies.sort(byId));
    expect(stream.anomalies).toHaveLength(Math.min(20, expectedAnomalies.length));
  });

  it("counts a repeated event id once, within a batch and across batches", async () => {
    const { authorization } = await account();
    const first = await ingest(authorization, "orders", [event("a", { amount: 10 }), event("b", { amount: 20 }), event("a", { amount: 999 })]);
    expect(first).toMatchObject({ accepted: 2, duplicates: 1 });
    const again = await ingest(authorization, "orders", [event("b", { amount: 500 }), event("c", { amount: 30 })]);
    expect(again).toMatchObject({ accepted: 1, duplicates: 1 });
    const stream = await detail(authorization, "orders");
    expect(stream.events).toBe(3);
    expect(stream.fields.amount).toMatchObject({ count: 3, mean: 20, min: 10, max: 30, variance: 100 });
  });

  it("flags an injected spike in the batch that carries it", async () => {
    const { authorization } = await account();
    const random = sequence(11);
    await ingest(authorization, "sensor", Array.from({ length: 40 }, (_, i) => event(`n-${i}`, { temperature: 20 + random() })));
    const quiet = await ingest(authorization, "sensor", [event("n-40", { temperature: 20.5 })]);
    expect(quiet.anomalies).toEqual([]);
    const spike = await ingest(authorization, "sensor", [event("spike", { temperature: 95 })]);
    expect(spike.anomalies).toHaveLength(1);
    expect(spike.anomalies[0]).toMatchObject({ event_id: "spike", field: "temperature", value: 95 });
    expect(spike.anomalies[0]!.score).toBeGreaterThan(3.5);
    const stream = await detail(authorization, "sensor");
    expect(stream.anomalies[0]).toMatchObject({ event_id: "spike", field: "temperature", value: 95 });
    expect(stream.fields.temperature!.last_anomalies).toHaveLength(1);
  });

  it("records a stream.anomaly_detected event with a delivery per subscribed endpoint, at most one per stream per interval", async () => {
    const { userId, authorization } = await account();
    const { authorization: admin } = await createKeyedAccount(db(), { userId, permission: "admin" });
    const created = await call(admin, "POST", "/v1/webhook-endpoints", { url: "https://example.com/hooks", events: ["stream.anomaly_detected"] });
    expect(created.status).toBe(201);
    await ingest(authorization, "alarms", Array.from({ length: 30 }, (_, i) => event(`a-${i}`, { load: 10 + (i % 3) })));
    const events = () => db().selectFrom("webhook_events").select(["id", "payload"]).where("user_id", "=", userId).where("type", "=", "stream.anomaly_detected").orderBy("created_at").execute();
    expect(await events()).toHaveLength(0);

    await ingest(authorization, "alarms", [event("spike-1", { load: 900 })]);
    const [first] = await events();
    expect(first!.payload).toMatchObject({
      type: "stream.anomaly_detected",
      data: { stream: "alarms", mode: "live", anomalies: [{ event_id: "spike-1", field: "load", value: 900 }], suppressed_since_last: 0 },
    });
    const deliveries = await db().selectFrom("webhook_deliveries").select("status").where("event_id", "=", first!.id).execute();
    expect(deliveries).toEqual([{ status: "pending" }]);

    await ingest(authorization, "alarms", [event("spike-2", { load: -900 })]);
    expect(await events(), "within the interval: counted, not sent").toHaveLength(1);
    // The interval ends (its Redis key expires).
    await testApp.current.redis.del(streamKeys({ userId, mode: "live", name: "alarms" }).notified);
    await ingest(authorization, "alarms", [event("spike-3", { load: 1_500 })]);
    const all = await events();
    expect(all).toHaveLength(2);
    expect(all[1]!.payload).toMatchObject({ data: { anomalies: [{ event_id: "spike-3" }], suppressed_since_last: 1 } });
  });

  it("sends a test-mode stream's anomaly event to the account's test endpoints only", async () => {
    const { userId, authorization } = await account({ mode: "test" });
    const endpointOf = async (mode: "live" | "test") => {
      const { authorization: admin } = await createKeyedAccount(db(), { userId, mode, permission: "admin" });
      const created = await call(admin, "POST", "/v1/webhook-endpoints", { url: `https://example.com/${mode}`, events: ["stream.anomaly_detected"] });
      expect(created.status).toBe(201);
      return z.object({ id: z.string() }).parse(await created.json()).id;
    };
    await endpointOf("live");
    const testEndpoint = await endpointOf("test");
    await ingest(authorization, "dry", Array.from({ length: 30 }, (_, i) => event(`d-${i}`, { load: 10 + (i % 3) })));
    await ingest(authorization, "dry", [event("spike", { load: 900 })]);
    const recorded = await db().selectFrom("webhook_events").select(["id", "mode", "payload"]).where("user_id", "=", userId).where("type", "=", "stream.anomaly_detected").execute();
    expect(recorded).toEqual([expect.objectContaining({ mode: "test", payload: expect.objectContaining({ data: expect.objectContaining({ mode: "test" }) }) })]);
    const deliveries = await db().selectFrom("webhook_deliveries").select("endpoint_id").where("event_id", "=", recorded[0]?.id ?? "").execute();
    expect(deliveries).toEqual([{ endpoint_id: testEndpoint }]);
  });

  it("scores against residuals whose MAD is 0 as the reference does, and flags any change of a flat window with a null score", async () => {
    const { authorization } = await account();
    const window = [...Array.from({ length: 30 }, () => 5), ...Array.from({ length: 10 }, () => 9)];
    await ingest(authorization, "mostly-flat", window.map((v, i) => event(`w-${i}`, { v })));
    const fallback = await ingest(authorization, "mostly-flat", [event("big", { v: 50 })]);
    const reference = scoreSequence([...window, 50]).at(-1);
    expect(reference?.flagged).toBe(true);
    expect(fallback.anomalies).toEqual([{ event_id: "big", field: "v", sequence: 41, value: 50, score: reference?.score }]);

    await ingest(authorization, "flat", Array.from({ length: 25 }, (_, i) => event(`f-${i}`, { v: 7 })));
    expect((await ingest(authorization, "flat", [event("same", { v: 7 })])).anomalies).toEqual([]);
    expect((await ingest(authorization, "flat", [event("moved", { v: 7.5 })])).anomalies).toEqual([{ event_id: "moved", field: "v", sequence: 27, value: 7.5, score: null }]);
  });

  // Issue 37: scored against the raw last 100 values, the noisy sine caught 2 of 3 spikes with 7 false alarms.
  it("sees spikes through drift and cycles, as the reference does: noisy sine, random walk, smooth sine", async () => {
    const { authorization } = await account();
    const random = sequence(19);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const spikes = new Set([700, 1_650, 2_999]);
    const values = { sine: [] as number[], walk: [] as number[], smooth: [] as number[] };
    let walk = 0;
    for (let i = 0; i < 3_000; i++) {
      const cycle = 10 * Math.sin((2 * Math.PI * i) / 600);
      walk += normal();
      values.sine.push(cycle + normal() + (spikes.has(i) ? 15 : 0));
      values.walk.push(walk + (spikes.has(i) ? -15 : 0));
      values.smooth.push(cycle);
    }
    const reported: Array<{ field: string; sequence: number; score: number | null }> = [];
    for (let b = 0; b < 3; b++) {
      const events = Array.from({ length: 1_000 }, (_, k) => {
        const i = b * 1_000 + k;
        return event(`s-${i}`, { sine: values.sine[i]!, walk: values.walk[i]!, smooth: values.smooth[i]! });
      });
      reported.push(...(await ingest(authorization, "monitored", events)).anomalies.map(({ field, sequence, score }) => ({ field, sequence, score })));
    }
    const expected = (["sine", "walk", "smooth"] as const).flatMap((field) =>
      scoreSequence(values[field]).flatMap(({ flagged, score }, i) => (flagged ? [{ field, sequence: i + 1, score }] : [])),
    );
    const order = (a: { field: string; sequence: number }, b: { field: string; sequence: number }) => a.field.localeCompare(b.field) || a.sequence - b.sequence;
    expect(reported.sort(order)).toEqual(expected.sort(order));
    const spikeSequences = [...spikes].map((i) => i + 1);
    for (const field of ["sine", "walk"]) expect(reported.filter((a) => a.field === field).map((a) => a.sequence)).toEqual(spikeSequences);
    expect(reported.filter((a) => a.field === "smooth")).toEqual([]);
  }, 60_000);

  it("charges the body bytes to the data allowance", async () => {
    const { userId, authorization } = await account();
    const body = JSON.stringify({ events: [event("x", { v: 1 })] });
    const response = await call(authorization, "POST", "/v1/streams/bytes/events", body);
    expect(response.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    expect(Number(await testApp.current.redis.get(`m:{${userId}}:data:live:${month}`))).toBe(Buffer.byteLength(body));
  });
});

describe("validation", () => {
  const cases: Array<[string, string, unknown, string]> = [
    ["no events", "/v1/streams/ok/events", { events: [] }, "events"],
    ["1,001 events", "/v1/streams/ok/events", { events: Array.from({ length: 1_001 }, (_, i) => event(`e${i}`, { v: 1 })) }, "events"],
    ["a non-numeric field", "/v1/streams/ok/events", { events: [{ ...event("a", {}), fields: { v: "1" } }] }, "events.0.fields.v"],
    ["an event without fields", "/v1/streams/ok/events", { events: [event("a", {})] }, "events.0.fields"],
    ["51 fields", "/v1/streams/ok/events", { events: [event("a", Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])))] }, "events.0.fields"],
    ["a bad timestamp", "/v1/streams/ok/events", { events: [{ ...event("a", { v: 1 }), timestamp: "yesterday" }] }, "events.0.timestamp"],
    ["a 101-character id", "/v1/streams/ok/events", { events: [event("x".repeat(101), { v: 1 })] }, "events.0.id"],
    [
      "5,001 field values in all",
      "/v1/streams/ok/events",
      { events: Array.from({ length: 101 }, (_, i) => event(`e${i}`, Object.fromEntries(Array.from({ length: i === 100 ? 1 : 50 }, (_, f) => [`f${f}`, f])))) },
      "events",
    ],
  ];
  it.each(cases)("answers 422 with details for %s", async (_label, path, body, field) => {
    const { authorization } = await account();
    const response = await call(authorization, "POST", path, body);
    expect(response.status).toBe(422);
    const error = ErrorBodySchema.parse(await response.json()).error;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details?.map((d) => d.field)).toContain(field);
  });

  it("answers 400 with details for an invalid stream name (a path parameter, as everywhere)", async () => {
    const { authorization } = await account();
    for (const name of ["Bad", "-lead", "x".repeat(64)]) {
      const response = await call(authorization, "POST", `/v1/streams/${name}/events`, { events: [event("a", { v: 1 })] });
      expect(response.status).toBe(400);
      expect(ErrorBodySchema.parse(await response.json()).error.details?.map((d) => d.field)).toEqual(["name"]);
    }
  });

  it("refuses a read-only key (403)", async () => {
    const { authorization } = await createKeyedAccount(db(), { permission: "read" });
    expect((await call(authorization, "POST", "/v1/streams/ok/events", { events: [event("a", { v: 1 })] })).status).toBe(403);
  });
});

describe("ownership, listing and deletion", () => {
  it("scopes streams to the account and the mode", async () => {
    const owner = await account();
    const testKey = await createKeyedAccount(db(), { userId: owner.userId, mode: "test" });
    const stranger = await account();
    await ingest(owner.authorization, "mine", [event("a", { v: 1 })]);
    for (const auth of [testKey.authorization, stranger.authorization]) {
      expect((await call(auth, "GET", "/v1/streams/mine")).status).toBe(404);
      expect((await call(auth, "DELETE", "/v1/streams/mine")).status).toBe(404);
      expect(StreamListSchema.parse(await (await call(auth, "GET", "/v1/streams")).json()).total).toBe(0);
    }
    // The test key's stream of the same name is a stream of its own.
    await ingest(testKey.authorization, "mine", [event("a", { v: 5 }), event("b", { v: 7 })]);
    expect((await detail(testKey.authorization, "mine")).fields.v).toMatchObject({ count: 2, mean: 6 });
    expect((await detail(owner.authorization, "mine")).fields.v).toMatchObject({ count: 1, mean: 1 });
    const list = StreamListSchema.parse(await (await call(owner.authorization, "GET", "/v1/streams")).json());
    expect(list).toMatchObject({ total: 1, streams: [{ name: "mine", mode: "live" }] });
  });

  it("DELETE removes the stream and its state; the name starts afresh", async () => {
    const { authorization } = await account();
    await ingest(authorization, "gone", [event("a", { v: 100 }), event("b", { v: 200 })]);
    const deleted = await call(authorization, "DELETE", "/v1/streams/gone");
    expect(deleted.status).toBe(200);
    expect((await call(authorization, "GET", "/v1/streams/gone")).status).toBe(404);
    // Same ids again: not duplicates, since the idempotency set went with the stream.
    expect(await ingest(authorization, "gone", [event("a", { v: 1 })])).toMatchObject({ accepted: 1, duplicates: 0 });
    expect((await detail(authorization, "gone")).fields.v).toMatchObject({ count: 1, mean: 1 });
  });
});

describe("the dashboard's streams (/api/streams)", () => {
  it("shows the signed-in user's streams, test apart, with the live view, and nobody else's", async () => {
    const user = await createAccount(db());
    const { authorization } = await account({ userId: user.id });
    const { authorization: testKey } = await account({ userId: user.id, mode: "test" });
    await ingest(authorization, "orders", Array.from({ length: 25 }, (_, i) => event(`o-${i}`, { amount: 10 + (i % 3) })));
    await ingest(testKey, "sandbox", [event("t-1", { amount: 1 })]);
    const browser = new BrowserClient(testApp.current.app);
    expect((await browser.post("/auth/signin", { email: user.email, password: user.password })).status).toBe(200);

    expect(StreamListSchema.parse(await (await browser.request("/api/streams")).json()).streams.map((s) => s.name)).toEqual(["orders"]);
    expect(StreamListSchema.parse(await (await browser.request("/api/streams?mode=test")).json()).streams.map((s) => s.name)).toEqual(["sandbox"]);
    const shown = StreamDetailSchema.parse(await (await browser.request("/api/streams/orders")).json());
    expect(shown.fields.amount).toMatchObject({ count: 25, recent: Array.from({ length: 25 }, (_, i) => 10 + (i % 3)) });

    const live = await browser.request("/api/streams/orders/live");
    expect(live.status).toBe(200);
    const events = readEvents(live);
    try {
      expect(JSON.parse((await events.next()).data)).toMatchObject({ events: 25 });
      await ingest(authorization, "orders", [event("o-spike", { amount: 900 })]);
      expect(JSON.parse((await events.next()).data)).toMatchObject({ events: 26, fields: { amount: { max: 900 } } });
      expect(JSON.parse((await events.next()).data)).toMatchObject({ event_id: "o-spike", sequence: 26 });
    } finally {
      await events.close();
    }

    const stranger = await createAccount(db());
    const other = new BrowserClient(testApp.current.app);
    expect((await other.post("/auth/signin", { email: stranger.email, password: stranger.password })).status).toBe(200);
    expect((await other.request("/api/streams/orders")).status).toBe(404);
    const strangerLive = await other.request("/api/streams/orders/live");
    expect(strangerLive.status).toBe(200);
    const strangerEvents = readEvents(strangerLive);
    try {
      expect(JSON.parse((await strangerEvents.next()).data)).toEqual({ events: 0, fields: {}, anomalies: [] });
    } finally {
      await strangerEvents.close();
    }
    expect(StreamListSchema.parse(await (await other.request("/api/streams")).json()).streams).toEqual([]);
    expect((await testApp.current.app.request("/api/streams")).status).toBe(401);
  });
});

describe("concurrent writers through two gateway processes", () => {
  let gateways: GatewayProcess[] = [];
  beforeAll(async () => {
    const { database, config } = testApp.current;
    const env = { DATABASE_URL: database.url, REDIS_KEY_PREFIX: config.REDIS_KEY_PREFIX, QUEUE_PREFIX: config.QUEUE_PREFIX, METER_REDIS_TIMEOUT_MS: "5000" };
    gateways = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
  }, 90_000);
  afterAll(() => Promise.all(gateways.map((g) => g.stop())));

  it("lose no event: 40 parallel batches of 100 give a count of 4,000", async () => {
    const { authorization } = await account();
    const random = sequence(3);
    const values: number[] = [];
    const batches = Array.from({ length: 40 }, (_, b) =>
      Array.from({ length: 100 }, (_, i) => {
        const v = random() * 1_000;
        values.push(v);
        return event(`p-${b}-${i}`, { v });
      }),
    );
    const statuses = await Promise.all(
      batches.map((events, b) =>
        fetch(`${gateways[b % 2]!.url}/v1/streams/parallel/events`, { method: "POST", headers: { ...authorization, "Content-Type": "application/json" }, body: JSON.stringify({ events }) }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const stream = await detail(authorization, "parallel");
    expect(stream.events).toBe(4_000);
    expect(stream.fields.v!.count).toBe(4_000);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(relative(stream.fields.v!.mean, mean)).toBeLessThan(1e-9);
  }, 60_000);

  it("push statistics and anomalies to a live subscriber on the other gateway", async () => {
    const { authorization } = await account();
    const [writer, reader] = gateways as [GatewayProcess, GatewayProcess];
    const post = (events: StreamEvent[]) =>
      fetch(`${writer.url}/v1/streams/watched/events`, { method: "POST", headers: { ...authorization, "Content-Type": "application/json" }, body: JSON.stringify({ events }) });
    expect((await post(Array.from({ length: 30 }, (_, i) => event(`w-${i}`, { latency: 100 + (i % 5) })))).status).toBe(200);

    const live = await fetch(`${reader.url}/v1/streams/watched/live`, { headers: authorization });
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toContain("text/event-stream");
    const events = readEvents(live);
    try {
      const snapshot = await events.next();
      expect(snapshot.event).toBe("statistics");
      expect(JSON.parse(snapshot.data)).toMatchObject({ events: 30 });

      expect((await post([event("w-spike", { latency: 5_000 })])).status).toBe(200);
      const update = await events.next();
      expect(update.event).toBe("statistics");
      expect(JSON.parse(update.data)).toMatchObject({ events: 31, fields: { latency: { count: 31, max: 5_000 } } });
      const anomaly = await events.next();
      expect(anomaly.event).toBe("anomaly");
      expect(JSON.parse(anomaly.data)).toMatchObject({ event_id: "w-spike", field: "latency", value: 5_000 });
    } finally {
      await events.close();
    }
  }, 60_000);

  it("follow a stream opened before its first event, and show another account nothing of a stream of the same name", async () => {
    const { authorization: owner } = await account();
    const { authorization: stranger } = await account();
    const [writer, reader] = gateways as [GatewayProcess, GatewayProcess];
    const ownerLive = await fetch(`${reader.url}/v1/streams/later/live`, { headers: owner });
    const strangerLive = await fetch(`${reader.url}/v1/streams/later/live`, { headers: stranger });
    expect([ownerLive.status, strangerLive.status]).toEqual([200, 200]);
    const ownerEvents = readEvents(ownerLive);
    const strangerEvents = readEvents(strangerLive);
    try {
      const empty = { events: 0, fields: {}, anomalies: [] };
      expect(JSON.parse((await ownerEvents.next()).data)).toEqual(empty);
      expect(JSON.parse((await strangerEvents.next()).data)).toEqual(empty);
      const posted = await fetch(`${writer.url}/v1/streams/later/events`, {
        method: "POST",
        headers: { ...owner, "Content-Type": "application/json" },
        body: JSON.stringify({ events: [event("first", { v: 3 })] }),
      });
      expect(posted.status).toBe(200);
      expect(JSON.parse((await ownerEvents.next()).data)).toMatchObject({ events: 1, fields: { v: { count: 1, max: 3 } } });
      await expect(strangerEvents.next(1_000)).rejects.toThrow("no event in time");
    } finally {
      await Promise.all([ownerEvents.close(), strangerEvents.close()]);
    }
  }, 60_000);
});
