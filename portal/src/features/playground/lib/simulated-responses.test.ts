import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../../../../core/errors";
import { DeletedWorkflowSchema, WorkflowListSchema, WorkflowSchema } from "../../../../../core/contracts/workflow-responses";
import { buildRequest, type PlaygroundRequest } from "./build-request";
import type { EndpointId } from "./endpoints";
import { exampleBodyText } from "./example-bodies";
import { simulateResponse } from "./simulated-responses";

const NOW = new Date("2030-06-15T12:00:00Z");

function request(endpoint: EndpointId, bodyText = "", workflowId = "wf_1AbCdEfGhJkLmNpQrStUvW"): PlaygroundRequest {
  const result = buildRequest({ endpoint, baseUrl: "https://sluice.example", workflowId, bodyText });
  if (!result.ok) throw new Error("test request is invalid");
  return result.request;
}

describe("the simulated responses parse with the API's own response schemas", () => {
  it("list: a page of workflows", () => {
    const answer = simulateResponse(request("list"), NOW);
    expect(answer.status).toBe(200);
    const list = WorkflowListSchema.parse(answer.body);
    expect(list.workflows.length).toBe(list.total);
    expect(list).toMatchObject({ page: 1, limit: 20 });
    for (const workflow of list.workflows) expect(workflow.id).toMatch(/^wf_[1-9A-HJ-NP-Za-km-z]{22}$/);
  });

  it("create: 201 with the body's fields, a new id and, for a webhook trigger, its webhook URL", () => {
    const answer = simulateResponse(request("create", exampleBodyText("create")), NOW);
    expect(answer.status).toBe(201);
    const workflow = WorkflowSchema.parse(answer.body);
    expect(workflow).toMatchObject({ name: "New order alert", status: "active", executions: 0, last_run: null, created_at: NOW.toISOString() });
    expect(workflow.webhook_url).toMatch(new RegExp(`^https://sluice\\.example/hooks/${workflow.id}/[\\w-]{43}$`));
  });

  it("create: 422 VALIDATION_FAILED naming each invalid field, like the API", () => {
    const answer = simulateResponse(request("create", JSON.stringify({ name: " ", trigger: { type: "sometimes" } })), NOW);
    expect(answer.status).toBe(422);
    const { error } = ErrorBodySchema.parse(answer.body);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details?.map((detail) => detail.field)).toEqual(expect.arrayContaining(["name", "trigger.type", "actions"]));
    expect(error.request_id).toMatch(/^req_/);
  });

  it("get: the workflow with the id asked for", () => {
    const workflow = WorkflowSchema.parse(simulateResponse(request("get", "", "wf_mine"), NOW).body);
    expect(workflow.id).toBe("wf_mine");
    expect(workflow.executions).toBeGreaterThan(0);
  });

  it("update: the fields given replace the stored ones; an empty body is 422", () => {
    const answer = simulateResponse(request("update", exampleBodyText("update"), "wf_mine"), NOW);
    expect(answer.status).toBe(200);
    expect(WorkflowSchema.parse(answer.body)).toMatchObject({ id: "wf_mine", name: "New order alert (paused)", status: "draft", updated_at: NOW.toISOString() });
    const empty = simulateResponse(request("update", "{}", "wf_mine"), NOW);
    expect(empty.status).toBe(422);
    expect(ErrorBodySchema.parse(empty.body).error.code).toBe("VALIDATION_FAILED");
  });

  it("update: a schedule trigger drops the webhook URL", () => {
    const body = JSON.stringify({ trigger: { type: "schedule", config: { cron: "0 9 * * 1-5" } } });
    expect(WorkflowSchema.parse(simulateResponse(request("update", body), NOW).body).webhook_url).toBeNull();
  });

  it("delete: the message and the deletion time", () => {
    expect(DeletedWorkflowSchema.parse(simulateResponse(request("delete"), NOW).body)).toEqual({ message: "Workflow deleted", deleted_at: NOW.toISOString() });
  });

  it("carries test-mode rate-limit headers resetting within the minute", () => {
    expect(simulateResponse(request("list"), NOW).headers).toEqual({
      "X-RateLimit-Limit": "60",
      "X-RateLimit-Remaining": "59",
      "X-RateLimit-Reset": String(NOW.getTime() / 1_000 + 60),
    });
  });
});
