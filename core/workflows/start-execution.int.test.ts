import { describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { insertWorkflow } from "../../testing/workflow-runs.js";
import { AppError } from "../errors.js";
import { startExecution, type StartExecutionInput } from "./start-execution.js";

const database = useTestDatabase();
const queues = useTestQueues();
const db = () => database.current.db;

const start = (input: Omit<StartExecutionInput, "now" | "triggerType"> & { now?: Date }) =>
  startExecution({ db: db(), queues: queues.current }, { triggerType: "manual", now: new Date(), ...input });

const executionsOf = (workflowId: string) => db().selectFrom("executions").selectAll().where("workflow_id", "=", workflowId).execute();

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("startExecution", () => {
  it("refuses another account's, another mode's, a deleted or an unknown workflow with NOT_FOUND and writes nothing", async () => {
    const owner = await createAccount(db());
    const stranger = await createAccount(db());
    const workflowId = await insertWorkflow(db(), owner.id, { actions: [] });
    expect((await rejection(start({ workflowId, userId: stranger.id, triggerData: {}, mode: "live" }))).code).toBe("NOT_FOUND");
    expect((await rejection(start({ workflowId: "wf_missing", userId: owner.id, triggerData: {}, mode: "live" }))).code).toBe("NOT_FOUND");
    expect((await rejection(start({ workflowId, userId: owner.id, triggerData: {}, mode: "test" }))).code).toBe("NOT_FOUND");
    await db().updateTable("workflows").set({ deleted_at: new Date() }).where("id", "=", workflowId).execute();
    expect((await rejection(start({ workflowId, userId: owner.id, triggerData: {}, mode: "live" }))).code).toBe("NOT_FOUND");
    expect(await executionsOf(workflowId)).toEqual([]);
    expect(await db().selectFrom("webhook_events").select("id").where("user_id", "in", [owner.id, stranger.id]).execute()).toEqual([]);
  });

  it("records the rerun it repeats", async () => {
    const owner = await createAccount(db());
    const workflowId = await insertWorkflow(db(), owner.id, { actions: [] });
    const first = await start({ workflowId, userId: owner.id, triggerData: { a: 1 }, mode: "live" });
    const again = await start({ workflowId, userId: owner.id, triggerData: { a: 1 }, mode: "live", rerunOf: first.executionId });
    expect(again).toMatchObject({ created: true, status: "queued" });
    const row = await db().selectFrom("executions").select(["rerun_of", "trigger_data"]).where("id", "=", again.executionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ rerun_of: first.executionId, trigger_data: { a: 1 } });
  });

  it("replays an idempotency key for 24 hours, then starts afresh", async () => {
    const owner = await createAccount(db());
    const workflowId = await insertWorkflow(db(), owner.id, { actions: [] });
    const t0 = new Date("2026-11-21T08:00:00.000Z");
    const input = { workflowId, userId: owner.id, triggerData: { n: 1 }, mode: "live" as const, idempotencyKey: "k-1" };
    const first = await start({ ...input, now: t0 });
    expect(first).toMatchObject({ created: true, queuedAt: t0 });
    const replay = await start({ ...input, now: new Date(t0.getTime() + 23 * 3_600_000) });
    expect(replay).toEqual({ ...first, created: false });
    expect((await rejection(start({ ...input, triggerData: { n: 2 }, now: new Date(t0.getTime() + 3_600_000) }))).code).toBe("CONFLICT");
    const later = await start({ ...input, triggerData: { n: 2 }, now: new Date(t0.getTime() + 24 * 3_600_000 + 1) });
    expect(later.created).toBe(true);
    expect(later.executionId).not.toBe(first.executionId);
    expect((await executionsOf(workflowId)).map((row) => row.id).sort()).toEqual([first.executionId, later.executionId].sort());
  });

  it("records workflow.triggered in test mode and delivers it to test endpoints only", async () => {
    const owner = await createAccount(db());
    await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9");
    const testEndpoint = await insertWebhookEndpoint(db(), owner.id, "http://127.0.0.1:9", { mode: "test" });
    const started = await start({ workflowId: await insertWorkflow(db(), owner.id, { actions: [], mode: "test" }), userId: owner.id, triggerData: {}, mode: "test" });
    const events = await db().selectFrom("webhook_events").select(["id", "type", "mode"]).where("user_id", "=", owner.id).execute();
    expect(events.map((event) => [event.type, event.mode])).toEqual([["workflow.triggered", "test"]]);
    expect(await db().selectFrom("webhook_deliveries").select("endpoint_id").where("event_id", "=", events[0]?.id ?? "").execute()).toEqual([{ endpoint_id: testEndpoint.id }]);
    expect((await queues.current.get("workflow-run").getJob(started.executionId))?.data).toEqual({ execution_id: started.executionId });
  });
});
