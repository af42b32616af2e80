import type { z } from "zod";
import { CreateWorkflowRequestSchema, UpdateWorkflowRequestSchema } from "../../../../../core/contracts/workflows";
import { detailsFromZodIssues, ERROR_CATALOGUE, type ErrorBody } from "../../../../../core/errors";
import { newId } from "../../../../../core/ids";
import type { DeletedWorkflowSchema, WorkflowListSchema, WorkflowSchema } from "../../../../../core/contracts/workflow-responses";
import type { PlaygroundRequest } from "./build-request";
import { EXAMPLE_CREATE_BODY } from "./example-bodies";

/**
 * What the API would answer, made up in the browser when no key is given (SPEC: the playground
 * simulates). Typed with the API's own response schemas (core/contracts), so the simulation cannot drift
 * from the real shapes without failing the typecheck; simulated-responses.test.ts parses each.
 */
export type Workflow = z.infer<typeof WorkflowSchema>;
export type WorkflowList = z.infer<typeof WorkflowListSchema>;
export type DeletedWorkflow = z.infer<typeof DeletedWorkflowSchema>;

export interface SimulatedResponse {
  status: 200 | 201 | 422;
  headers: Record<string, string>;
  body: Workflow | WorkflowList | DeletedWorkflow | ErrorBody;
}

/** How long the simulation takes (SPEC section 9: "Playground simulated delay 1 s"). */
export const SIMULATED_DELAY_MS = 1_000;

/** The per-minute limit of test-mode keys, which the simulated rate-limit headers show. */
const SIMULATED_RATE_LIMIT = 60;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A secret path segment shaped like the gateway's: 32 random bytes, base64url. */
function hookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function webhookUrl(baseUrl: string, workflow: Pick<Workflow, "id" | "trigger">): string | null {
  return workflow.trigger.type === "webhook" ? `${baseUrl}/hooks/${workflow.id}/${hookSecret()}` : null;
}

/** A workflow that has run for a while: the example body, created last week. */
function existingWorkflow(id: string, baseUrl: string, now: Date): Workflow {
  const parsed = CreateWorkflowRequestSchema.parse(EXAMPLE_CREATE_BODY);
  const workflow: Workflow = {
    id,
    name: parsed.name,
    description: parsed.description ?? null,
    status: parsed.status,
    trigger: parsed.trigger,
    actions: parsed.actions,
    webhook_url: null,
    created_at: new Date(now.getTime() - 7 * DAY_MS).toISOString(),
    updated_at: new Date(now.getTime() - 2 * DAY_MS).toISOString(),
    last_run: new Date(now.getTime() - HOUR_MS).toISOString(),
    executions: 42,
  };
  return { ...workflow, webhook_url: webhookUrl(baseUrl, workflow) };
}

/** A second, schedule-triggered workflow for the list. */
function scheduledWorkflow(baseUrl: string, now: Date): Workflow {
  const created = now.getTime() - 30 * DAY_MS;
  return {
    id: newId("wf", created),
    name: "Daily sales digest",
    description: "E-mails yesterday's order count to the team every weekday morning.",
    status: "active",
    trigger: { type: "schedule", config: { cron: "0 8 * * 1-5", timezone: "UTC" } },
    actions: [
      {
        type: "http_request",
        name: "fetch_orders",
        config: { url: `${baseUrl}/v1/datasets`, method: "GET", headers: {} },
      },
      {
        type: "send_email",
        name: "email_team",
        config: { to: "team@example.com", subject: "Daily sales digest", text: "Orders yesterday: {{steps.fetch_orders.output.total}}" },
      },
    ],
    webhook_url: null,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created).toISOString(),
    last_run: new Date(now.getTime() - 4 * HOUR_MS).toISOString(),
    executions: 21,
  };
}

function validationFailed(error: z.ZodError): ErrorBody {
  return {
    error: {
      code: "VALIDATION_FAILED",
      message: ERROR_CATALOGUE.VALIDATION_FAILED.message,
      details: detailsFromZodIssues(error.issues),
      request_id: newId("req"),
    },
  };
}

/** The test-mode rate-limit headers of the first request in a minute. */
function rateLimitHeaders(now: Date): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(SIMULATED_RATE_LIMIT),
    "X-RateLimit-Remaining": String(SIMULATED_RATE_LIMIT - 1),
    "X-RateLimit-Reset": String(Math.ceil(now.getTime() / 1_000) + 60),
  };
}

function simulatedBody(request: PlaygroundRequest, now: Date): Pick<SimulatedResponse, "status" | "body"> {
  const { baseUrl, workflowId } = request;
  switch (request.endpoint.id) {
    case "list": {
      const workflows = [existingWorkflow(newId("wf", now.getTime() - 7 * DAY_MS), baseUrl, now), scheduledWorkflow(baseUrl, now)];
      return { status: 200, body: { workflows, total: workflows.length, page: 1, limit: 20 } };
    }
    case "create": {
      const parsed = CreateWorkflowRequestSchema.safeParse(request.body);
      if (!parsed.success) return { status: 422, body: validationFailed(parsed.error) };
      const created = now.toISOString();
      const { name, description, status, trigger, actions } = parsed.data;
      const workflow: Workflow = {
        id: newId("wf", now.getTime()),
        name,
        description: description ?? null,
        status,
        trigger,
        actions,
        webhook_url: null,
        created_at: created,
        updated_at: created,
        last_run: null,
        executions: 0,
      };
      return { status: 201, body: { ...workflow, webhook_url: webhookUrl(baseUrl, workflow) } };
    }
    case "get":
      return { status: 200, body: existingWorkflow(workflowId, baseUrl, now) };
    case "update": {
      const parsed = UpdateWorkflowRequestSchema.safeParse(request.body);
      if (!parsed.success) return { status: 422, body: validationFailed(parsed.error) };
      const workflow: Workflow = { ...existingWorkflow(workflowId, baseUrl, now), ...parsed.data, updated_at: now.toISOString() };
      return { status: 200, body: { ...workflow, webhook_url: webhookUrl(baseUrl, workflow) } };
    }
    case "delete":
      return { status: 200, body: { message: "Workflow deleted", deleted_at: now.toISOString() } };
  }
}

/** The simulated answer to a request, with the headers an authenticated test-mode request gets. */
export function simulateResponse(request: PlaygroundRequest, now: Date = new Date()): SimulatedResponse {
  return { ...simulatedBody(request, now), headers: rateLimitHeaders(now) };
}
