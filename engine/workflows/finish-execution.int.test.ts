import { describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { findExecution, insertWorkflow, startRun } from "../../testing/workflow-runs.js";
import { completeExecution, type EndingExecution } from "./finish-execution.js";

const database = useTestDatabase();
const queues = useTestQueues();
const db = () => database.current.db;
const deps = () => ({ db: db(), queues: queues.current });
const STEPS = [
  { name: "first", type: "transform" },
  { name: "second", type: "transform" },
];

async function runningExecution(mode: "live" | "test"): Promise<EndingExecution> {
  const { id: userId } = await createAccount(db());
  await insertWebhookEndpoint(db(), userId, "http://127.0.0.1:9", { events: ["workflow.completed"] });
  const workflowId = await insertWorkflow(db(), userId, { actions: [], mode });
  const id = await startRun(deps(), { id: workflowId, userId, mode });
  const startedAt = new Date(Date.now() - 1_500);
  await db().updateTable("executions").set({ status: "running", started_at: startedAt }).where("id", "=", id).execute();
  return { id, workflowId, userId, mode, startedAt };
}

const completedEvents = async (userId: string) =>
  db()
    .selectFrom("webhook_events")
    .leftJoin("webhook_deliveries", "webhook_deliveries.event_id", "webhook_events.id")
    .select(["webhook_events.id", "webhook_events.payload", "webhook_deliveries.id as delivery_id"])
    .where("webhook_events.user_id", "=", userId)
    .where("webhook_events.type", "=", "workflow.completed")
    .execute();

describe("completeExecution", () => {
  it("ends a running execution with its workflow.completed event and a delivery, once", async () => {
    const execution = await runningExecution("live");
    const now = new Date();
    expect(await completeExecution(deps(), execution, STEPS, now, { stoppedEarly: false })).toBe(true);

    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "completed", finished_at: now, error: null });
    const [event, ...others] = await completedEvents(execution.userId);
    expect(others).toEqual([]);
    expect(event?.payload).toMatchObject({
      type: "workflow.completed",
      data: { workflow_id: execution.workflowId, execution_id: execution.id, duration_ms: now.getTime() - execution.startedAt.getTime(), actions_executed: 2 },
    });
    expect(event?.delivery_id).toMatch(/^del_/);

    expect(await completeExecution(deps(), execution, STEPS, new Date(), { stoppedEarly: false })).toBe(false);
    expect(await completedEvents(execution.userId)).toHaveLength(1);
    expect(await findExecution(db(), execution.id)).toMatchObject({ finished_at: now });
  });

  it("records nothing for an execution a cancel already ended", async () => {
    const execution = await runningExecution("live");
    await db().updateTable("executions").set({ status: "cancelled", finished_at: new Date() }).where("id", "=", execution.id).execute();
    expect(await completeExecution(deps(), execution, STEPS, new Date(), { stoppedEarly: false })).toBe(false);
    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "cancelled" });
    expect(await completedEvents(execution.userId)).toEqual([]);
  });

  it("records a test-mode execution's event and delivers it nowhere", async () => {
    const execution = await runningExecution("test");
    expect(await completeExecution(deps(), execution, STEPS, new Date(), { stoppedEarly: false })).toBe(true);
    const events = await completedEvents(execution.userId);
    expect(events).toHaveLength(1);
    expect(events[0]?.delivery_id).toBeNull();
  });
});
