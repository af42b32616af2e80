import { describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { waitFor } from "../../testing/wait-for.js";
import { findExecution, findSteps, insertWorkflow, startRun, waitForExecution } from "../../testing/workflow-runs.js";

const database = useTestDatabase();
// One job at a time per queue: a sleeping execution that held its worker would block the next.
const engine = useTestEngine(database, () => ({ WORKER_CONCURRENCY: "1" }));

describe("delay steps", () => {
  it("sleep without holding a worker: a later execution completes while the first one sleeps", async () => {
    const { db } = database.current;
    const deps = { db, queues: engine.current.queues };
    const userId = (await createAccount(db)).id;
    const sleeper = await insertWorkflow(db, userId, {
      actions: [
        { type: "delay", name: "nap", config: { seconds: 3 } },
        { type: "transform", name: "after", config: { output: { woke_at: "{{steps.nap.output.resume_at}}" } } },
      ],
    });
    const quick = await insertWorkflow(db, userId, { actions: [{ type: "transform", config: { output: { done: true } } }] });

    const sleeping = await startRun(deps, { id: sleeper, userId });
    await waitFor(async () => ((await findSteps(db, sleeping))[0]?.status === "running" ? true : undefined), 5_000);
    const started = Date.now();
    const second = await startRun(deps, { id: quick, userId });

    const quickRun = await waitForExecution(db, second, undefined, 2_000);
    expect(quickRun.status).toBe("completed");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await findExecution(db, sleeping)).status).toBe("running");

    const slept = await waitForExecution(db, sleeping, undefined, 10_000);
    expect(slept.status).toBe("completed");
    expect(new Date(slept.finished_at!).getTime()).toBeGreaterThan(new Date(quickRun.finished_at!).getTime());
    const [nap, after] = await findSteps(db, sleeping);
    expect(nap).toMatchObject({ status: "completed", attempts: 1 });
    const sleptMs = new Date(nap!.finished_at!).getTime() - new Date(nap!.started_at!).getTime();
    expect(sleptMs).toBeGreaterThanOrEqual(2_990);
    expect(after?.output).toEqual({ woke_at: (nap?.output as { resume_at: string }).resume_at });
  });
});
