import { describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { insertWorkflow } from "../../testing/workflow-runs.js";
import { requeueQueuedExecutions } from "./requeue-queued-executions.js";

const database = useTestDatabase();
const queues = useTestQueues();

describe("requeueQueuedExecutions", () => {
  it("re-adds the job of an execution left queued for a minute, once, and leaves fresh, cancelled and running ones alone", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: {} } }] });
    const now = new Date();
    const longAgo = new Date(now.getTime() - 5 * 60_000);
    const row = (status: string, queuedAt: Date, cancelled = false) => ({
      id: newId("exec"),
      workflow_id: workflowId,
      user_id: userId,
      status,
      trigger_type: "manual",
      queued_at: queuedAt,
      cancel_requested_at: cancelled ? now : null,
    });
    const stale = row("queued", longAgo);
    const others = [row("queued", now), row("queued", longAgo, true), row("running", longAgo)];
    await db.insertInto("executions").values([stale, ...others]).execute();

    expect(await requeueQueuedExecutions(db, queues.current, now)).toBe(1);
    const queue = queues.current.get("workflow-run");
    expect((await queue.getJob(stale.id))?.data).toEqual({ execution_id: stale.id });
    for (const other of others) expect(await queue.getJob(other.id)).toBeUndefined();

    expect(await requeueQueuedExecutions(db, queues.current, now)).toBe(0);
  });

  it("finds a job-less execution behind more than a page of executions whose jobs still exist", async () => {
    const { db } = database.current;
    const userId = (await createAccount(db)).id;
    const workflowId = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: {} } }] });
    const longAgo = new Date(Date.now() - 5 * 60_000);
    const rows = Array.from({ length: 501 }, () => ({ id: newId("exec"), workflow_id: workflowId, user_id: userId, status: "queued", trigger_type: "manual", queued_at: longAgo }));
    rows.sort((a, b) => a.id.localeCompare(b.id));
    await db.insertInto("executions").values(rows).execute();
    const queue = queues.current.get("workflow-run");
    // The first 500 (a full page) wait behind others; the last one lost its job.
    await queue.addBulk(rows.slice(0, 500).map((row) => ({ name: "workflow-run", data: { execution_id: row.id }, opts: { jobId: row.id, delay: 60_000 } })));

    expect(await requeueQueuedExecutions(db, queues.current)).toBe(1);
    expect((await queue.getJob(rows[500]?.id ?? ""))?.data).toEqual({ execution_id: rows[500]?.id });
  });
});
