import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { newId } from "../../../core/ids.js";
import { WebhookEndpointWithSecretSchema } from "../../../core/contracts/webhook-endpoints.js";
import { ExecutionSchema } from "../../../core/contracts/workflow-responses.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestEngine } from "../../../testing/engine.js";
import { createApiCaller, useTestApp, type Auth } from "../../../testing/gateway.js";
import { useHttpReceiver } from "../../../testing/http-receiver.js";
import { waitFor } from "../../../testing/wait-for.js";

// workflow.cancelled (issue 40): through the API, the real engine and a local receiver.
const testApp = useTestApp();
useTestEngine({ get current() { return testApp.current.database; } }, () => ({
  QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
  REDIS_KEY_PREFIX: testApp.current.config.REDIS_KEY_PREFIX,
  OUTBOUND_ALLOW_PRIVATE: "true",
}));
const receiver = useHttpReceiver();
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

const CancelledSchema = z.object({
  type: z.literal("workflow.cancelled"),
  data: z.object({ workflow_id: z.string(), execution_id: z.string(), cancelled_at: z.iso.datetime(), requested_at: z.iso.datetime(), requested_by: z.literal("api") }),
});

async function subscribedAccount(path: string) {
  const { userId, authorization } = await createKeyedAccount(db(), { permission: "admin" });
  const response = await call(authorization, "POST", "/v1/webhook-endpoints", { url: `${receiver.current.url}${path}`, events: ["workflow.cancelled"] });
  expect(response.status).toBe(201);
  return { userId, authorization, endpoint: WebhookEndpointWithSecretSchema.parse(await response.json()) };
}

/** A workflow whose run sleeps in a delay step, so it is running when cancelled. */
async function sleepingExecution(auth: Auth): Promise<{ workflowId: string; executionId: string }> {
  const workflow = { name: "Sleeper", trigger: { type: "manual" }, actions: [{ type: "delay", name: "nap", config: { seconds: 600 } }] };
  const created = await call(auth, "POST", "/v1/workflows", workflow);
  const { id: workflowId } = z.object({ id: z.string() }).parse(await created.json());
  const started = await call(auth, "POST", `/v1/workflows/${workflowId}/execute`, { data: {} });
  const { execution_id: executionId } = z.object({ execution_id: z.string() }).parse(await started.json());
  await waitFor(async () => {
    const step = await db().selectFrom("execution_steps").select("status").where("execution_id", "=", executionId).executeTakeFirst();
    return step?.status === "running" ? true : undefined;
  });
  return { workflowId, executionId };
}

const receivedAt = (path: string) => receiver.current.received.filter((request) => request.path === path);

describe("workflow.cancelled", () => {
  it("is delivered once, signed both ways, when a running execution is cancelled, however often cancel is called", async () => {
    const path = "/cancelled-running";
    const { authorization, endpoint } = await subscribedAccount(path);
    const { workflowId, executionId } = await sleepingExecution(authorization);

    const responses = await Promise.all([1, 2, 3].map(() => call(authorization, "POST", `/v1/executions/${executionId}/cancel`)));
    // A running execution's cancel is a request (202), and asking again while it stops is no error;
    // the engine may end it between two of the calls, and a cancel after that is 409.
    const statuses = responses.map((response) => response.status);
    expect(statuses, "answers to the three cancels").toContain(202);
    expect(statuses.filter((status) => status !== 202 && status !== 409), "answers other than 202 and 409").toEqual([]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(z.object({ error: z.object({ message: z.string() }) }).parse(await refused.json()).error.message).toMatch(/^The execution has already finished( \(cancelled\))?\.$/);
    }
    await waitFor(async () => {
      const execution = ExecutionSchema.parse(await (await call(authorization, "GET", `/v1/executions/${executionId}`)).json());
      return execution.status === "cancelled" ? execution : undefined;
    });
    await waitFor(() => receivedAt(path)[0]);
    expect((await call(authorization, "POST", `/v1/executions/${executionId}/cancel`)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const [request, ...more] = receivedAt(path);
    expect(more).toEqual([]);
    if (!request) throw new Error("no delivery");
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const event = CancelledSchema.parse(new Webhook(endpoint.secret).verify(request.body, headers));
    expect(event.data).toMatchObject({ workflow_id: workflowId, execution_id: executionId });
    expect(Date.parse(event.data.requested_at)).toBeLessThanOrEqual(Date.parse(event.data.cancelled_at));
    expect(headers["x-webhook-signature-256"]).toBe(`sha256=${createHmac("sha256", endpoint.secret).update(request.body).digest("hex")}`);
    const recorded = await db().selectFrom("webhook_events").select("id").where("type", "=", "workflow.cancelled").where(sql<boolean>`payload -> 'data' ->> 'execution_id' = ${executionId}`).execute();
    expect(recorded).toHaveLength(1);
  });

  it("is delivered when a queued execution is cancelled by the API before any engine takes it", async () => {
    const path = "/cancelled-queued";
    const { userId, authorization, endpoint } = await subscribedAccount(path);
    const created = await call(authorization, "POST", "/v1/workflows", { name: "Never run", trigger: { type: "manual" }, actions: [{ type: "transform", config: { output: {} } }] });
    const { id: workflowId } = z.object({ id: z.string() }).parse(await created.json());
    // A queued row without a job: nothing will run it, so the gateway's cancel ends it.
    const executionId = newId("exec");
    await db().insertInto("executions").values({ id: executionId, workflow_id: workflowId, user_id: userId, trigger_type: "manual", status: "queued" }).execute();

    const response = await call(authorization, "POST", `/v1/executions/${executionId}/cancel`);
    expect(response.status).toBe(202);
    expect(ExecutionSchema.parse(await response.json()).status).toBe("cancelled");
    const request = await waitFor(() => receivedAt(path)[0]);
    if (!request) throw new Error("no delivery");
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    expect(CancelledSchema.parse(new Webhook(endpoint.secret).verify(request.body, headers)).data).toMatchObject({ workflow_id: workflowId, execution_id: executionId });
  });
});
