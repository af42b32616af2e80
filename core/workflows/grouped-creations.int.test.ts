import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { insertWorkflow } from "../../testing/workflow-runs.js";
import { newId } from "../ids.js";
import { PREPARED_DELIVERY_IDS } from "../webhooks/events.js";
import { createExecutions, type ExecutionCreation } from "./grouped-creations.js";
import { startExecution } from "./start-execution.js";

const database = useTestDatabase();
const queues = useTestQueues();
const db = () => database.current.db;

/** What a start wrote, without its ids and with the event's body as stored. */
async function written(executionId: string) {
  const execution = await db()
    .selectFrom("executions")
    .select(["workflow_id", "user_id", "status", "trigger_type", "trigger_data", "mode", "idempotency_key", "rerun_of", "queued_at", "started_at", "finished_at"])
    .where("id", "=", executionId)
    .executeTakeFirst();
  const event = await db()
    .selectFrom("webhook_events")
    .select(["id", "user_id", "mode", "type", "payload", "created_at"])
    .where("type", "=", "workflow.triggered")
    .where(sql<string>`payload -> 'data' ->> 'execution_id'`, "=", executionId)
    .executeTakeFirst();
  const deliveries = await db()
    .selectFrom("webhook_deliveries")
    .select(["endpoint_id", "status", "attempt", "next_attempt_at", "created_at", "updated_at", "run_start_attempt"])
    .where("event_id", "=", event?.id ?? "")
    .orderBy("endpoint_id")
    .execute();
  const { id: eventId, payload, ...eventRow } = event ?? { id: "", payload: {} };
  const body = payload as { id?: string; data?: { execution_id?: string } };
  return { execution, event: event ? { ...eventRow, idIsBodyId: body.id === eventId, body: { ...body, id: undefined, data: { ...body.data, execution_id: undefined } } } : undefined, deliveries };
}

describe("createExecutions", () => {
  it("starts each execution of the group as its own statement would, and only those that may start", async () => {
    const owner = await createAccount(db());
    const stranger = await createAccount(db());
    const crowded = await createAccount(db());
    const everything = await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9");
    const triggered = await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9", { events: ["workflow.triggered"] });
    await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9", { events: ["workflow.completed"] });
    const testEndpoint = await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9", { mode: "test" });
    const inactive = await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9");
    await db().updateTable("webhook_endpoints").set({ is_active: false }).where("id", "=", inactive.id).execute();
    for (let n = 0; n <= PREPARED_DELIVERY_IDS; n += 1) await insertWebhookEndpoint(db(), crowded.id, "http://127.0.0.1:9");

    const live = await insertWorkflow(db(), owner.id, { actions: [] });
    const test = await insertWorkflow(db(), owner.id, { actions: [], mode: "test" });
    const deleted = await insertWorkflow(db(), owner.id, { actions: [] });
    await db().updateTable("workflows").set({ deleted_at: new Date() }).where("id", "=", deleted).execute();
    const strangers = await insertWorkflow(db(), stranger.id, { actions: [] });
    const crowdedWorkflow = await insertWorkflow(db(), crowded.id, { actions: [] });

    const now = new Date("2026-11-26T10:00:00.000Z");
    const earlier = await startExecution({ db: db(), queues: queues.current }, { workflowId: live, userId: owner.id, mode: "live", triggerType: "manual", triggerData: {}, now });
    const creation = (workflowId: string, userId: string, mode: "live" | "test" = "live", extra: Partial<ExecutionCreation> = {}): ExecutionCreation => ({
      executionId: newId("exec"),
      workflowId,
      userId,
      mode,
      triggerType: "manual",
      triggerData: { order: 42, nested: { list: [1, "two"] } },
      now,
      ...extra,
    });
    const creations = [
      creation(live, owner.id),
      creation(test, owner.id, "test"),
      creation(deleted, owner.id),
      creation(strangers, owner.id),
      creation(live, owner.id, "test"),
      creation(crowdedWorkflow, crowded.id),
      creation(live, owner.id, "live", { triggerType: "webhook", rerunOf: earlier.executionId }),
    ];

    const results = await createExecutions(db(), creations);

    expect(results.map(({ happened, fits }) => ({ happened, fits }))).toEqual([
      { happened: true, fits: true },
      { happened: true, fits: true },
      { happened: false, fits: true },
      { happened: false, fits: true },
      { happened: false, fits: true },
      { happened: false, fits: false },
      { happened: true, fits: true },
    ]);
    expect(results[0]?.deliveryIds).toHaveLength(2);
    expect(results[1]?.deliveryIds).toHaveLength(1);
    expect(results[6]?.deliveryIds).toHaveLength(2);
    expect(new Set(results.flatMap((result) => result.deliveryIds)).size).toBe(5);
    for (const index of [2, 3, 4, 5]) expect(await written(creations[index]?.executionId ?? "")).toEqual({ execution: undefined, event: undefined, deliveries: [] });

    // The same starts through the statement of a start with an Idempotency-Key (createExecution's).
    for (const [index, key] of [[0, "k-live"], [1, "k-test"], [6, "k-rerun"]] as const) {
      const grouped = creations[index];
      if (!grouped) throw new Error("missing creation");
      const own = await startExecution(
        { db: db(), queues: queues.current },
        { workflowId: grouped.workflowId, userId: grouped.userId, mode: grouped.mode, triggerType: grouped.triggerType, triggerData: grouped.triggerData, now, idempotencyKey: key, ...(grouped.rerunOf ? { rerunOf: grouped.rerunOf } : {}) },
      );
      const ownRows = await written(own.executionId);
      expect(ownRows.execution?.idempotency_key).toBe(key);
      expect(await written(grouped.executionId)).toEqual({ ...ownRows, execution: { ...ownRows.execution, idempotency_key: null } });
    }
    const liveDeliveries = (await written(creations[0]?.executionId ?? "")).deliveries;
    expect(liveDeliveries.map((delivery) => delivery.endpoint_id)).toEqual([everything.id, triggered.id].sort());
    // A test-mode start's event goes to the test endpoint only.
    const testRows = await written(creations[1]?.executionId ?? "");
    expect(testRows.event?.mode).toBe("test");
    expect(testRows.deliveries.map((delivery) => delivery.endpoint_id)).toEqual([testEndpoint.id]);
  });

  it("leaves an account with more subscribed endpoints than one statement holds to startExecution's own statement", async () => {
    const crowded = await createAccount(db());
    for (let n = 0; n <= PREPARED_DELIVERY_IDS; n += 1) await insertWebhookEndpoint(db(), crowded.id, "http://127.0.0.1:9");
    const workflowId = await insertWorkflow(db(), crowded.id, { actions: [] });

    const started = await startExecution({ db: db(), queues: queues.current }, { workflowId, userId: crowded.id, mode: "live", triggerType: "manual", triggerData: {}, now: new Date() });

    expect(started).toMatchObject({ created: true, status: "queued" });
    expect((await written(started.executionId)).deliveries).toHaveLength(PREPARED_DELIVERY_IDS + 1);
    expect((await queues.current.get("workflow-run").getJob(started.executionId))?.data).toEqual({ execution_id: started.executionId });
  });

  it("starts concurrent executions each once, with its own event", async () => {
    const owner = await createAccount(db());
    const workflowId = await insertWorkflow(db(), owner.id, { actions: [] });
    const starts = await Promise.all(
      Array.from({ length: 25 }, (_, n) => startExecution({ db: db(), queues: queues.current }, { workflowId, userId: owner.id, mode: "live", triggerType: "manual", triggerData: { n }, now: new Date() })),
    );
    const rows = await db().selectFrom("executions").select(["id", "trigger_data"]).where("workflow_id", "=", workflowId).execute();
    expect(rows.map((row) => row.id).sort()).toEqual(starts.map((start) => start.executionId).sort());
    for (const [n, start] of starts.entries()) {
      expect(rows.find((row) => row.id === start.executionId)?.trigger_data).toEqual({ n });
      expect((await written(start.executionId)).event?.body).toMatchObject({ type: "workflow.triggered", data: { workflow_id: workflowId, trigger_data: { n } } });
    }
  });
});
