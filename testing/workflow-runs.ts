import { randomBytes } from "node:crypto";
import type { Action } from "../core/contracts/actions/action-registry.js";
import type { Trigger } from "../core/contracts/workflows.js";
import type { Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import type { ProducerQueues } from "../core/queues.js";
import type { Redis } from "../core/redis.js";
import { cancelChannel } from "../core/workflows/cancellation.js";
import { startExecution } from "../core/workflows/start-execution.js";
import { waitFor } from "./wait-for.js";

/** Workflows and executions for engine tests, written straight to the database. */

export type ActionInput = Omit<Action, "config"> & { config: Record<string, unknown> };

export async function insertWorkflow(
  db: Database,
  userId: string,
  definition: { actions: ActionInput[]; trigger?: Trigger | Record<string, unknown>; mode?: "live" | "test"; status?: "active" | "draft" },
): Promise<string> {
  const id = newId("wf");
  await db
    .insertInto("workflows")
    .values({
      id,
      user_id: userId,
      name: `test workflow ${id.slice(-6)}`,
      status: definition.status ?? "active",
      trigger: JSON.stringify(definition.trigger ?? { type: "manual", config: {} }),
      actions: JSON.stringify(definition.actions),
      hook_secret: randomBytes(16).toString("hex"),
      mode: definition.mode ?? "live",
    })
    .execute();
  return id;
}

/** Starts an execution the way the API does (row, workflow.triggered event, job). */
export async function startRun(
  deps: { db: Database; queues: ProducerQueues },
  workflow: { id: string; userId: string; mode?: "live" | "test" },
  triggerData: Record<string, unknown> = {},
): Promise<string> {
  const started = await startExecution(deps, {
    workflowId: workflow.id,
    userId: workflow.userId,
    triggerType: "manual",
    triggerData,
    mode: workflow.mode ?? "live",
    now: new Date(),
  });
  return started.executionId;
}

export async function findExecution(db: Database, executionId: string) {
  return db.selectFrom("executions").selectAll().where("id", "=", executionId).executeTakeFirstOrThrow();
}

/** Waits until the execution has one of `statuses`, and returns the row. */
export async function waitForExecution(db: Database, executionId: string, statuses: string[] = ["completed", "failed", "cancelled"], timeoutMs = 15_000) {
  return waitFor(async () => {
    const row = await findExecution(db, executionId);
    return statuses.includes(row.status) ? row : undefined;
  }, timeoutMs);
}

export async function findSteps(db: Database, executionId: string) {
  return db.selectFrom("execution_steps").selectAll().where("execution_id", "=", executionId).orderBy("step_index").execute();
}

/** What the API does to cancel: mark the row, then tell every engine. */
export async function requestCancel(db: Database, redis: Redis, keyPrefix: string, executionId: string): Promise<void> {
  await db.updateTable("executions").set({ cancel_requested_at: new Date() }).where("id", "=", executionId).execute();
  await redis.publish(cancelChannel(keyPrefix), executionId);
}
