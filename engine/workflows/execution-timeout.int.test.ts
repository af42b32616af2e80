import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { findSteps, insertWorkflow, startRun, waitForExecution, type ActionInput } from "../../testing/workflow-runs.js";

const database = useTestDatabase();
const engine = useTestEngine(database, () => ({ OUTBOUND_ALLOW_PRIVATE: "true", WORKFLOW_EXECUTION_TIMEOUT_MS: "1500" }));
let receiver: HttpReceiver;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  receiver.respondWith(() => undefined); // never answers
});
afterAll(() => receiver.close());

async function run(actions: ActionInput[]) {
  const { db } = database.current;
  const userId = (await createAccount(db)).id;
  const workflowId = await insertWorkflow(db, userId, { actions });
  return startRun({ db, queues: engine.current.queues }, { id: workflowId, userId });
}

describe("execution timeout", () => {
  it("fails an execution that runs out of time mid-step with EXECUTION_TIMEOUT, without retrying", async () => {
    const { db } = database.current;
    const executionId = await run([{ type: "http_request", name: "slow", timeout_seconds: 30, config: { url: `${receiver.url}/slow` } }]);
    const execution = await waitForExecution(db, executionId, undefined, 5_000);
    expect(execution).toMatchObject({ status: "failed", error: { code: "EXECUTION_TIMEOUT" } });
    const elapsed = new Date(execution.finished_at!).getTime() - new Date(execution.started_at!).getTime();
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(3_000);
    expect((await findSteps(db, executionId))[0]).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("does not count time asleep in delay steps", async () => {
    const { db } = database.current;
    const executionId = await run([
      { type: "delay", config: { seconds: 2 } },
      { type: "transform", config: { output: { awake: true } } },
    ]);
    const execution = await waitForExecution(db, executionId, undefined, 8_000);
    expect(execution.status).toBe("completed");
  });
});
