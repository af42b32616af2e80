import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { expositionProblems, metricTypes, promtoolComplaints } from "../../testing/metrics-exposition.js";
import { waitFor } from "../../testing/wait-for.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { insertWorkflow, startRun, waitForExecution } from "../../testing/workflow-runs.js";

const TOKEN = "a-metrics-token-of-some-length";
const database = useTestDatabase();
const engine = useTestEngine(database, () => ({ OUTBOUND_ALLOW_PRIVATE: "true", METRICS_TOKEN: TOKEN }));
let receiver: HttpReceiver;

beforeAll(async () => {
  receiver = await startHttpReceiver();
});
afterAll(() => receiver.close());

const db = () => database.current.db;
const metricsUrl = () => engine.current.engine.metricsUrl ?? "";
const scrape = async () => {
  const response = await fetch(metricsUrl(), { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};
/** The value of one series, by its exact name and labels as printed. */
const value = (text: string, series: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("the engine's metrics", () => {
  it("count executions, steps, webhook deliveries and analyses, with queue depth read at scrape time", async () => {
    const user = await createAccount(db());
    await insertWebhookEndpoint(db(), user.id, receiver.url, { events: ["workflow.completed"] });
    const workflowId = await insertWorkflow(db(), user.id, {
      actions: [
        { type: "http_request", name: "call", config: { url: `${receiver.url}/call` } },
        { type: "transform", name: "shape", config: { output: { status: "{{steps.call.output.status}}" } } },
      ],
    });
    const executionId = await startRun({ db: db(), queues: engine.current.queues }, { id: workflowId, userId: user.id });
    expect((await waitForExecution(db(), executionId)).status).toBe("completed");
    const analysisId = newId("an");
    await db()
      .insertInto("analyses")
      .values({ id: analysisId, user_id: user.id, analysis: "clean", request: JSON.stringify({ dataset: [{ a: 1 }, { a: 2 }] }) })
      .execute();
    await engine.current.runJob("analytics", { task: "analyze", analysis_id: analysisId });

    const text = await waitFor(async () => {
      const scraped = await scrape();
      return value(scraped, 'sluice_webhook_delivery_attempts_total{outcome="succeeded",status_class="2xx"}') ? scraped : undefined;
    });
    expect(value(text, 'sluice_workflow_executions_finished_total{outcome="completed",mode="live"}')).toBe(1);
    expect(value(text, 'sluice_workflow_execution_duration_seconds_count{outcome="completed",mode="live"}')).toBe(1);
    expect(value(text, 'sluice_workflow_step_duration_seconds_count{action_type="http_request",outcome="completed"}')).toBe(1);
    expect(value(text, 'sluice_workflow_step_duration_seconds_count{action_type="transform",outcome="completed"}')).toBe(1);
    expect(value(text, 'sluice_webhook_delivery_duration_seconds_count{outcome="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'sluice_analysis_duration_seconds_count{analysis_type="clean",outcome="completed"}')).toBe(1);
    for (const state of ["waiting", "active", "delayed", "failed"]) {
      expect(value(text, `sluice_queue_jobs{queue="workflow-run",state="${state}"}`), state).toBeGreaterThanOrEqual(0);
    }
    expect(value(text, 'sluice_queue_jobs{queue="workflow-run",state="active"}')).toBe(0);
    // Process metrics, as the gateway has them.
    expect(metricTypes(text).get("process_cpu_seconds_total")).toBe("counter");
    expect(metricTypes(text).get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    // No id ever becomes a label value.
    for (const id of [executionId, workflowId, user.id, analysisId]) expect(text).not.toContain(id);
  });

  it("follow Prometheus's naming conventions, and promtool finds nothing to say (when installed)", async () => {
    const text = await scrape();
    expect(expositionProblems(text)).toEqual([]);
    const types = metricTypes(text);
    expect(types.get("sluice_queue_jobs")).toBe("gauge");
    expect(types.get("sluice_workflow_executions_finished_total")).toBe("counter");
    expect(types.get("sluice_workflow_step_duration_seconds")).toBe("histogram");
    expect(types.get("sluice_job_lock_renewals_failed_total")).toBe("counter");
    const complaints = promtoolComplaints(text);
    if (complaints !== undefined) expect(complaints).toBe("");
  });

  it("answer only GET /metrics, and only with the token when METRICS_TOKEN is set", async () => {
    expect((await fetch(metricsUrl())).status).toBe(401);
    expect((await fetch(metricsUrl(), { headers: { Authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);
    expect((await fetch(metricsUrl().replace("/metrics", "/other"), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
