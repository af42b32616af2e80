import { describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { insertWebhookEndpoint, type TestEndpointOptions } from "../../testing/webhooks.js";
import { PREPARED_DELIVERY_IDS, recordWebhookEvent, type NewWebhookEvent } from "./events.js";

const database = useTestDatabase();
const db = () => database.current.db;
const RECEIVER = "http://127.0.0.1:9";

async function endpoints(userId: string, count: number, options: TestEndpointOptions = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await insertWebhookEndpoint(db(), userId, RECEIVER, options)).id);
  return ids;
}

const event = (userId: string, extra: Partial<NewWebhookEvent> = {}): NewWebhookEvent => ({
  userId,
  type: "workflow.completed",
  data: { workflow_id: "wf_1", execution_id: "exec_1" },
  now: new Date(),
  mode: "live",
  ...extra,
});

const deliveriesOf = (eventId: string) =>
  db().selectFrom("webhook_deliveries").select(["id", "endpoint_id", "status", "next_attempt_at"]).where("event_id", "=", eventId).orderBy("endpoint_id").execute();

describe("recordWebhookEvent", () => {
  it("records the event and one pending delivery per active endpoint subscribed to its type", async () => {
    const { id: userId } = await createAccount(db());
    const subscribed = [...(await endpoints(userId, 2)), ...(await endpoints(userId, 1, { events: ["workflow.completed", "workflow.failed"] }))];
    await endpoints(userId, 1, { events: ["workflow.failed"] });
    const [inactive, deleted] = await endpoints(userId, 2);
    await db().updateTable("webhook_endpoints").set({ is_active: false }).where("id", "=", inactive ?? "").execute();
    // As DELETE leaves it: its secret erased (webhook_endpoints_deleted_secret_check).
    await db().updateTable("webhook_endpoints").set({ deleted_at: new Date(), secret: "" }).where("id", "=", deleted ?? "").execute();
    const { id: otherUserId } = await createAccount(db());
    await endpoints(otherUserId, 1);

    const now = new Date("2026-11-25T10:00:00.000Z");
    const recorded = await recordWebhookEvent(db(), event(userId, { now }));

    const stored = await db().selectFrom("webhook_events").selectAll().where("id", "=", recorded.eventId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: userId, type: "workflow.completed" });
    expect(stored.payload).toEqual({ id: recorded.eventId, type: "workflow.completed", timestamp: now.toISOString(), data: { workflow_id: "wf_1", execution_id: "exec_1" } });
    const deliveries = await deliveriesOf(recorded.eventId);
    expect(deliveries.map((row) => row.endpoint_id)).toEqual([...subscribed].sort());
    expect(deliveries.every((row) => row.status === "pending" && new Date(row.next_attempt_at ?? 0).getTime() === now.getTime())).toBe(true);
    expect([...recorded.deliveryIds].sort()).toEqual(deliveries.map((row) => row.id).sort());
    expect(recorded.deliveryIds.every((id) => /^del_[1-9A-HJ-NP-Za-km-z]{22}$/.test(id))).toBe(true);
  });

  it(`delivers to every endpoint of an account with more than ${PREPARED_DELIVERY_IDS}, each once`, async () => {
    const { id: userId } = await createAccount(db());
    const subscribed = await endpoints(userId, PREPARED_DELIVERY_IDS * 2 + 3);
    const recorded = await db()
      .transaction()
      .execute((trx) => recordWebhookEvent(trx, event(userId)));
    const deliveries = await deliveriesOf(recorded.eventId);
    expect(deliveries.map((row) => row.endpoint_id)).toEqual([...subscribed].sort());
    expect(new Set(recorded.deliveryIds).size).toBe(subscribed.length);
    expect([...recorded.deliveryIds].sort()).toEqual(deliveries.map((row) => row.id).sort());
  });

  it("delivers only to the one endpoint asked for, whatever it subscribes to", async () => {
    const { id: userId } = await createAccount(db());
    await endpoints(userId, 2);
    const [only] = await endpoints(userId, 1, { events: ["processing.completed"] });
    const recorded = await recordWebhookEvent(db(), event(userId, { onlyEndpointId: only }));
    expect((await deliveriesOf(recorded.eventId)).map((row) => row.endpoint_id)).toEqual([only]);
  });

  it("delivers an event to the endpoints of its own mode only, and records that mode", async () => {
    const { id: userId } = await createAccount(db());
    const live = await endpoints(userId, 2);
    const test = await endpoints(userId, 1, { mode: "test" });
    const testEvent = await recordWebhookEvent(db(), event(userId, { mode: "test" }));
    expect((await deliveriesOf(testEvent.eventId)).map((row) => row.endpoint_id)).toEqual(test);
    const liveEvent = await recordWebhookEvent(db(), event(userId));
    expect((await deliveriesOf(liveEvent.eventId)).map((row) => row.endpoint_id)).toEqual([...live].sort());
    const modes = await db().selectFrom("webhook_events").select(["id", "mode"]).where("id", "in", [testEvent.eventId, liveEvent.eventId]).orderBy("mode").execute();
    expect(modes).toEqual([{ id: liveEvent.eventId, mode: "live" }, { id: testEvent.eventId, mode: "test" }]);
  });

  it("records a test-mode event with no deliveries when the account has only live endpoints", async () => {
    const { id: userId } = await createAccount(db());
    const [live] = await endpoints(userId, 2);
    const recorded = await recordWebhookEvent(db(), event(userId, { mode: "test" }));
    expect(recorded.deliveryIds).toEqual([]);
    expect(await deliveriesOf(recorded.eventId)).toEqual([]);
    expect(await db().selectFrom("webhook_events").select("id").where("id", "=", recorded.eventId).execute()).toHaveLength(1);
    const onlyLive = await recordWebhookEvent(db(), event(userId, { mode: "test", onlyEndpointId: live }));
    expect(onlyLive.deliveryIds, "not even to an endpoint asked for by id").toEqual([]);
  });

  it(`writes the event and every delivery together outside a transaction past ${PREPARED_DELIVERY_IDS} endpoints`, async () => {
    const { id: userId } = await createAccount(db());
    const subscribed = await endpoints(userId, PREPARED_DELIVERY_IDS + 3);
    const recorded = await recordWebhookEvent(db(), event(userId));
    expect((await deliveriesOf(recorded.eventId)).map((row) => row.endpoint_id)).toEqual([...subscribed].sort());
    expect(recorded.deliveryIds).toHaveLength(PREPARED_DELIVERY_IDS + 3);
    expect(await db().selectFrom("webhook_events").select("id").where("user_id", "=", userId).execute()).toEqual([{ id: recorded.eventId }]);
  });

  it("claims the first attempt of as many deliveries as asked, returning what making them needs; the rest stay for jobs", async () => {
    const { id: userId } = await createAccount(db());
    const ids = await endpoints(userId, 3);
    const secrets = await db().selectFrom("webhook_endpoints").select(["id", "secret", "url"]).where("user_id", "=", userId).execute();
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + 15_000);
    const recorded = await recordWebhookEvent(db(), event(userId, { now, claimFirstAttempts: { count: 2, leaseUntil } }));

    const rows = await db().selectFrom("webhook_deliveries").select(["id", "endpoint_id", "status", "attempt", "next_attempt_at"]).where("event_id", "=", recorded.eventId).orderBy("endpoint_id").execute();
    // Claimed in endpoint id order, as PostgreSQL sorts them.
    expect(rows.map((row) => row.endpoint_id).sort()).toEqual([...ids].sort());
    expect(rows.map((row) => [row.status, row.attempt, row.next_attempt_at])).toEqual([
      ["pending", 1, leaseUntil],
      ["pending", 1, leaseUntil],
      ["pending", 0, now],
    ]);
    expect(recorded.deliveryIds).toEqual([rows[2]?.id]);
    const payload = (await db().selectFrom("webhook_events").select("payload").where("id", "=", recorded.eventId).executeTakeFirstOrThrow()).payload;
    const byEndpoint = (a: { endpointId: string }, b: { endpointId: string }) => (a.endpointId < b.endpointId ? -1 : 1);
    expect(recorded.claimed.map(({ deliveryId, claim }) => ({ endpointId: claim.endpointId, deliveryId, claim })).sort(byEndpoint)).toEqual(
      rows.slice(0, 2).map((row) => ({
        endpointId: row.endpoint_id,
        deliveryId: row.id,
        claim: {
          eventId: recorded.eventId,
          endpointId: row.endpoint_id,
          runStartAttempt: 0,
          url: secrets.find((endpoint) => endpoint.id === row.endpoint_id)?.url,
          secret: secrets.find((endpoint) => endpoint.id === row.endpoint_id)?.secret,
          previousSecret: null,
          previousSecretExpiresAt: null,
          failingSince: null,
          payload,
        },
      })).sort(byEndpoint),
    );
  });

  it("claims nothing when asked for none, and nothing for a test-mode event without test endpoints", async () => {
    const { id: userId } = await createAccount(db());
    await endpoints(userId, 1);
    const leaseUntil = new Date(Date.now() + 15_000);
    const none = await recordWebhookEvent(db(), event(userId, { claimFirstAttempts: { count: 0, leaseUntil } }));
    expect(none.claimed).toEqual([]);
    expect(none.deliveryIds).toHaveLength(1);
    const test = await recordWebhookEvent(db(), event(userId, { mode: "test", claimFirstAttempts: { count: 8, leaseUntil } }));
    expect(test).toMatchObject({ deliveryIds: [], claimed: [] });
  });
});
