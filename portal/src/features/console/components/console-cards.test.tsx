import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import type { ExecutionSummary, Workflow } from "../../../../../core/contracts/workflow-responses";
import { EndpointCard } from "./endpoint-card";
import { ExecutionItem } from "./executions-panel";
import { MonthTotals } from "./month-totals";
import { WorkflowCard } from "./workflow-card";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const noop = () => Promise.reject(new Error("not called when rendering"));

const WORKFLOW: Workflow = {
  id: "wf_1AbCdEfGhJkLmNpQrStUvW",
  name: "Nightly report",
  description: "Sends the day's numbers",
  status: "draft",
  trigger: { type: "schedule", config: { cron: "0 2 * * *", timezone: "UTC" } },
  actions: [{ type: "transform", name: "shape", config: { output: { ok: "yes" } } }],
  webhook_url: null,
  created_at: "2026-11-01T00:00:00Z",
  updated_at: "2026-11-01T00:00:00Z",
  last_run: "2026-11-21T11:55:00Z",
  executions: 1234,
};

const ENDPOINT: WebhookEndpoint = {
  id: "whe_1",
  mode: "live",
  url: "https://hooks.example.com/sluice",
  events: ["*"],
  description: "Order service",
  is_active: true,
  disabled_at: null,
  failing_since: "2026-11-20T12:00:00Z",
  previous_secret_expires_at: null,
  created_at: "2026-11-01T00:00:00Z",
  updated_at: "2026-11-01T00:00:00Z",
  deleted_at: null,
};

describe("console cards", () => {
  it("shows a disabled workflow's trigger, last run and count, offers Enable and keeps its executions folded", () => {
    const html = renderToStaticMarkup(<WorkflowCard workflow={WORKFLOW} mode="live" now={NOW} changeStatus={noop} run={noop} refreshWorkflows={() => {}} />);
    for (const text of ["Nightly report", "Disabled", "Schedule: 0 2 * * * (UTC)", "5 minutes ago", "1,234", "Run now", ">Enable<"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain("Loading executions");
  });

  it("shows an endpoint's URL, All events, its failure warning and its actions", () => {
    const html = renderToStaticMarkup(
      <EndpointCard endpoint={ENDPOINT} now={NOW} testsSent={0} setActive={noop} onSendTest={() => {}} onRecover={() => {}} onRotate={() => {}} onDelete={() => {}} />,
    );
    for (const text of ["https://hooks.example.com/sluice", "All events", "Active", "Deliveries failing since", "yesterday", "Send test event", "Recover failed…", "Rotate secret", "Delete"]) {
      expect(html).toContain(text);
    }
  });

  it("labels an endpoint with its mode, for screen readers too", () => {
    const card = (mode: WebhookEndpoint["mode"]) =>
      renderToStaticMarkup(<EndpointCard endpoint={{ ...ENDPOINT, mode }} now={NOW} testsSent={0} setActive={noop} onSendTest={() => {}} onRecover={() => {}} onRotate={() => {}} onDelete={() => {}} />);
    expect(card("live")).toMatch(/>Live<span class="sr-only"> mode<\/span><\/span>/);
    expect(card("test")).toMatch(/>Test<span class="sr-only"> mode<\/span><\/span>/);
    expect(card("live")).not.toContain("Test<span");
  });

  it("totals this month's requests per category and says so when there are none", () => {
    const days = [{ date: "2026-11-02", requests: { "/api/data-processing": 1500, "/api/analytics": 0, "/api/webhooks": 3, "/api/general": 0 }, total: 1503 }];
    const html = renderToStaticMarkup(<MonthTotals days={days} month="2026-11" />);
    expect(html).toMatch(/Data processing.*1,500.*Webhooks.*3.*Total.*1,503/s);
    expect(html).not.toContain("No requests yet");
    expect(renderToStaticMarkup(<MonthTotals days={days} month="2026-12" />)).toContain("No requests yet this month.");
  });

  it("names an execution's workflow where a list mixes workflows, and offers Cancel only while it is unfinished", () => {
    const execution: ExecutionSummary = {
      id: "exec_1AbCdEfGhJkLmNpQrStUvW",
      workflow_id: WORKFLOW.id,
      status: "failed",
      trigger_type: "manual",
      trigger_data: {},
      mode: "live",
      queued_at: "2026-11-21T11:58:00Z",
      started_at: "2026-11-21T11:58:00Z",
      finished_at: "2026-11-21T11:58:01.500Z",
      duration_ms: 1500,
      error: { code: "HTTP_ERROR", message: "The target answered 500" },
      rerun_of: null,
    };
    const row = (changes: Partial<ExecutionSummary>, workflowName?: string) =>
      renderToStaticMarkup(<ExecutionItem execution={{ ...execution, ...changes }} mode="live" now={NOW} onChanged={() => {}} {...(workflowName ? { workflowName } : {})} />);
    const failed = row({}, "Nightly report");
    for (const text of ["Nightly report", "Failed", "…pQrStUvW", "HTTP_ERROR", "The target answered 500", "Show steps"]) expect(failed).toContain(text);
    expect(failed).not.toContain(">Cancel<");
    expect(row({ status: "running", error: null })).toContain(">Cancel<");
    expect(row({})).not.toContain("Nightly report");
  });
});
