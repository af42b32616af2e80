import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import { insertWebhookEndpoint } from "../testing/webhooks.js";
import { insertWorkflow } from "../testing/workflow-runs.js";
import { seedWorkflowHistory } from "./workflow-history.js";

const database = useTestDatabase();
const db = () => database.current.db;

describe("the bench workflow's history", () => {
  it("writes finished executions with their step, event, delivery and attempt, then analyzes", async () => {
    const user = await createAccount(db());
    const workflowId = await insertWorkflow(db(), user.id, { actions: [{ type: "transform", name: "shape", config: { output: {} } }] });
    const endpoint = await insertWebhookEndpoint(db(), user.id, "http://127.0.0.1:9");
    const before = Date.now();

    await seedWorkflowHistory(db(), { userId: user.id, workflowId, endpointId: endpoint.id }, 40);

    const counts = await sql<Record<string, number>>`
      select
        (select count(*)::int from executions where workflow_id = ${workflowId} and status = 'completed') as executions,
        (select count(*)::int from executions where status in ('queued', 'running')) as open_executions,
        (select count(*)::int from execution_steps where status = 'completed') as steps,
        (select count(*)::int from webhook_events where user_id = ${user.id} and type = 'workflow.completed') as events,
        (select count(*)::int from webhook_deliveries where endpoint_id = ${endpoint.id} and status = 'succeeded') as deliveries,
        (select count(*)::int from webhook_deliveries where status in ('pending', 'retrying')) as open_deliveries,
        (select count(*)::int from webhook_delivery_attempts where response_status = 200) as attempts,
        (select count(*)::int from pg_stat_user_tables where relname = 'executions' and last_analyze is not null) as analyzed
    `.execute(db());
    expect(counts.rows[0]).toEqual({ executions: 40, open_executions: 0, steps: 40, events: 40, deliveries: 40, open_deliveries: 0, attempts: 40, analyzed: 1 });

    const span = await db()
      .selectFrom("executions")
      .select([sql<Date>`min(started_at)`.as("first"), sql<Date>`max(finished_at)`.as("last")])
      .where("workflow_id", "=", workflowId)
      .executeTakeFirstOrThrow();
    expect(new Date(span.first).getTime()).toBeGreaterThan(before - 31 * 24 * 3_600_000);
    expect(new Date(span.last).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
