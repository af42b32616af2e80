import { describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { findExecution, findSteps, insertWorkflow, startRun } from "../../testing/workflow-runs.js";
import { deferStart } from "./deferred-start.js";
import type { FinishedStep } from "./execution-queries.js";

const database = useTestDatabase();
const queues = useTestQueues();
const db = () => database.current.db;

async function queued() {
  const { id: userId } = await createAccount(db());
  const id = await startRun({ db: db(), queues: queues.current }, { id: await insertWorkflow(db(), userId, { actions: [] }), userId });
  return { id, startedAt: null };
}

const step = (index: number, at: Date): FinishedStep => ({ index, name: `step_${index}`, type: "transform", input: { output: {} }, output: { index }, startedAt: at, finishedAt: at });

describe("deferStart", () => {
  it("writes nothing until flushed, then marks the execution running and writes every step held, in order", async () => {
    const execution = await queued();
    const start = deferStart(db(), execution);
    start.hold(step(0, start.startedAt));
    start.hold(step(1, start.startedAt));
    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "queued", started_at: null });
    expect(await findSteps(db(), execution.id)).toEqual([]);

    expect(await start.flush()).toBeUndefined();
    expect(start.finishedSteps).toEqual([]);
    expect(await findExecution(db(), execution.id)).toMatchObject({ status: "running", started_at: start.startedAt });
    expect((await findSteps(db(), execution.id)).map((row) => [row.step_index, row.status, row.output])).toEqual([
      [0, "completed", { index: 0 }],
      [1, "completed", { index: 1 }],
    ]);
  });

  it("stops a pass whose execution was cancelled, and one whose step another worker finished", async () => {
    const cancelled = await queued();
    await db().updateTable("executions").set({ status: "cancelled", finished_at: new Date() }).where("id", "=", cancelled.id).execute();
    expect(await deferStart(db(), cancelled).flush()).toBe("not-runnable");

    const raced = await queued();
    const start = deferStart(db(), raced);
    expect(await start.flush()).toBeUndefined();
    await db()
      .insertInto("execution_steps")
      .values({ id: "step_theirs", execution_id: raced.id, step_index: 1, name: "step_1", type: "transform", status: "completed", input: "{}", output: '"theirs"', attempts: 1 })
      .execute();
    start.hold(step(0, new Date()));
    start.hold(step(1, new Date()));
    expect(await start.flush()).toBe("superseded");
    expect((await findSteps(db(), raced.id)).map((row) => [row.id === "step_theirs", row.output])).toEqual([
      [false, { index: 0 }],
      [true, "theirs"],
    ]);
  });
});
