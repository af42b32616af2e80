import { newId } from "../../core/ids.js";
import { describe, expect, it } from "vitest";
import type { Database } from "../../core/db/client.js";
import { newWebhookEventBody, PREPARED_DELIVERY_IDS, withRoomForEveryEndpoint } from "../../core/webhooks/events.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestQueues } from "../../testing/redis.js";
import { seededRandom, type SeededRandom } from "../../testing/seeded-random.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { insertWorkflow, startRun } from "../../testing/workflow-runs.js";
import type { FinishedStep } from "./execution-queries.js";
import { completeExecutions, type GroupedCompletion, type GroupedCompletionResult } from "./grouped-completions.js";

const database = useTestDatabase();
const queues = useTestQueues();
const db = () => database.current.db;

/** One execution to complete, as random as the statement allows: its account's endpoints, its state, its steps, its claims. */
interface Case {
  mode: "live" | "test";
  endpoints: Array<{ events: string[]; mode: "live" | "test"; active: boolean }>;
  state: "queued" | "running" | "cancelled";
  steps: number;
  claims: number;
}

function randomCase(random: SeededRandom): Case {
  return {
    mode: random.pick(["live", "test"] as const),
    endpoints: Array.from({ length: random.chance(0.2) ? random.int(PREPARED_DELIVERY_IDS - 1, PREPARED_DELIVERY_IDS + 3) : random.int(0, 3) }, () => ({
      events: random.pick([["*"], ["workflow.completed"], ["workflow.failed"], ["workflow.completed", "workflow.triggered"]]),
      mode: random.chance(0.8) ? "live" : "test",
      active: random.chance(0.85),
    })),
    state: random.pick(["queued", "running", "running", "cancelled"] as const),
    steps: random.int(0, 2),
    claims: random.int(0, 3),
  };
}

/** Writes the case's account, endpoints and execution; returns its completion at `now`. */
async function arrange(shape: Case, now: Date): Promise<GroupedCompletion> {
  const { id: userId } = await createAccount(db());
  for (const [index, endpoint] of shape.endpoints.entries()) {
    // In creation order either way: which endpoints are claimed follows their ids.
    const { id } = await insertWebhookEndpoint(db(), userId, "http://127.0.0.1:9", { events: endpoint.events, mode: endpoint.mode, id: newId("whe", now.getTime() + index) });
    if (!endpoint.active) await db().updateTable("webhook_endpoints").set({ is_active: false }).where("id", "=", id).execute();
  }
  const workflowId = await insertWorkflow(db(), userId, { actions: [], mode: shape.mode });
  const executionId = await startRun({ db: db(), queues: queues.current }, { id: workflowId, userId, mode: shape.mode });
  const startedAt = new Date(now.getTime() - 1_000);
  if (shape.state !== "queued") await db().updateTable("executions").set({ status: shape.state, started_at: startedAt }).where("id", "=", executionId).execute();
  const finishedSteps: FinishedStep[] = Array.from({ length: shape.steps }, (_, index) => ({
    index,
    name: `step_${index}`,
    type: "transform",
    input: { output: { n: index } },
    output: { n: index, text: `it's "${index}"` },
    startedAt: new Date(startedAt.getTime() + index),
    finishedAt: new Date(startedAt.getTime() + index + 1),
  }));
  const event = newWebhookEventBody({ type: "workflow.completed", data: { execution_id: executionId, actions_executed: shape.steps }, now });
  return { executionId, userId, startedAt, finishedSteps, event, now, mode: shape.mode, claims: { count: shape.claims, leaseUntil: new Date(now.getTime() + 15_000) } };
}

/** As finishExecution does: an execution that does not fit goes again alone, with room for every endpoint. */
async function completeFitting(database: Database, completions: readonly GroupedCompletion[]): Promise<GroupedCompletionResult[]> {
  const results = await completeExecutions(database, completions);
  return Promise.all(
    results.map(async (result, index) => {
      const completeAlone = async (capacity: number) => (await completeExecutions(database, [completions[index]!], capacity))[0]!;
      return withRoomForEveryEndpoint(result, completeAlone);
    }),
  );
}

/** What completing wrote for an execution, and what it returned, without the ids each run makes anew. */
async function outcome(completion: GroupedCompletion, result: GroupedCompletionResult) {
  const execution = await db().selectFrom("executions").select(["status", "started_at", "finished_at", "error"]).where("id", "=", completion.executionId).executeTakeFirstOrThrow();
  const steps = await db()
    .selectFrom("execution_steps")
    .select(["step_index", "name", "type", "status", "input", "output", "attempts", "started_at", "finished_at"])
    .where("execution_id", "=", completion.executionId)
    .orderBy("step_index")
    .execute();
  const event = await db().selectFrom("webhook_events").select(["mode", "type", "payload", "created_at"]).where("id", "=", completion.event.id).executeTakeFirst();
  const endpointIds = (await db().selectFrom("webhook_endpoints").select("id").where("user_id", "=", completion.userId).orderBy("id").execute()).map((row) => row.id);
  const deliveries = await db()
    .selectFrom("webhook_deliveries")
    .select(["id", "endpoint_id", "status", "attempt", "next_attempt_at", "created_at"])
    .where("event_id", "=", completion.event.id)
    .orderBy("endpoint_id")
    .execute();
  const claimed = Array.isArray(result.claimed) ? result.claimed.length : -1;
  return {
    execution,
    steps,
    event: event ? { ...event, payload: withoutIds(event.payload, completion) } : undefined,
    deliveries: deliveries.map(({ id, endpoint_id: endpointId, ...delivery }) => ({
      ...delivery,
      endpoint: endpointIds.indexOf(endpointId),
      returnedAs: result.deliveryIds.includes(id) ? "job" : "other",
    })),
    result: { happened: result.happened, fits: result.fits, jobs: result.deliveryIds.length, claimed },
  };
}

/** The stored body, its event id and execution id checked and left out. */
function withoutIds(payload: unknown, completion: GroupedCompletion) {
  const body = payload as { id: string; data: Record<string, unknown> };
  return { ...body, id: body.id === completion.event.id, data: { ...body.data, execution_id: body.data.execution_id === completion.executionId } };
}

describe("completeExecutions grouped and one at a time", () => {
  for (const seed of [36, 3_600, 20_261_127]) {
    it(`writes and returns the same for each execution either way (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const shapes = Array.from({ length: 12 }, () => randomCase(random));
      const now = new Date(Date.UTC(2026, 10, 27, 12, 0, random.int(0, 59)));
      const grouped = await Promise.all(shapes.map((shape) => arrange(shape, now)));
      const single = await Promise.all(shapes.map((shape) => arrange(shape, now)));

      const groupedResults = await completeFitting(db(), grouped);
      const singleResults: GroupedCompletionResult[] = [];
      for (const completion of single) singleResults.push(...(await completeFitting(db(), [completion])));

      for (const [index, shape] of shapes.entries()) {
        const fromGroup = await outcome(grouped[index]!, groupedResults[index]!);
        const alone = await outcome(single[index]!, singleResults[index]!);
        expect({ shape, ...fromGroup }).toEqual({ shape, ...alone });
      }
      // The cases reach every branch: completed, already ended, and too many endpoints for a group.
      expect(groupedResults.some((result) => result.happened)).toBe(true);
      expect(shapes.some((shape) => shape.state === "cancelled")).toBe(true);
    });
  }
});
