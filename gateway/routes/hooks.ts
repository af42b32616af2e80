import { createRoute, z } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { HookAcceptedSchema } from "../../core/contracts/workflow-responses.js";
import { WebhookTriggerSchema } from "../../core/contracts/workflows.js";
import type { Database } from "../../core/db/client.js";
import { AppError, ERROR_CATALOGUE } from "../../core/errors.js";
import type { ProducerQueues } from "../../core/queues.js";
import { startExecution } from "../../core/workflows/start-execution.js";
import type { AppEnv } from "../app-env.js";
import { errorResponses } from "../http/error-responses.js";
import { idParam, resourceParam, validParams } from "../http/path-params.js";
import { jsonResponse } from "../http/route-helpers.js";
import type { AccountMetering } from "../metering/account-metering.js";
import { IdempotencyHeadersSchema } from "../workflows/api-schemas.js";
import { HOOK_SECRET_PATTERN, hookSecretMatches } from "../workflows/hook-secret.js";
import { findWorkflowForHook } from "../workflows/workflow-queries.js";

/** A workflow id and its secret (gateway/workflows/hook-secret.ts); a path that cannot be one is the same 404 as a wrong secret. */
const HookParamsSchema = z.object({
  workflow_id: idParam("wf", ERROR_CATALOGUE.NOT_FOUND.message, "workflow_id"),
  secret: resourceParam(HOOK_SECRET_PATTERN, ERROR_CATALOGUE.NOT_FOUND.message, { name: "secret" }),
});

/**
 * Documentation of the inbound hook (registered in openapi.yaml by createApiApp). The handler
 * below reads the body itself: any JSON is accepted, not only objects.
 */
export const inboundHookRoute = createRoute({
  method: "post",
  path: "/hooks/{workflow_id}/{secret}",
  tags: ["Workflows"],
  summary: "Trigger a webhook workflow",
  description:
    "The workflow's `webhook_url`; no API key (the secret in the URL is the credential). The JSON body becomes the execution's trigger data: " +
    "an object as is, any other JSON value as `{ body: value }`, an empty body as `{}`. Counted against the owner's rate limit and quota. " +
    "An `Idempotency-Key` repeated within 24 hours returns the original execution.",
  security: [],
  request: {
    params: HookParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: { content: { "application/json": { schema: z.record(z.string(), z.unknown()) } }, required: false },
  },
  responses: {
    202: jsonResponse(HookAcceptedSchema, "Accepted: the execution is queued."),
    ...errorResponses(
      "BAD_REQUEST",
      "MALFORMED_JSON",
      "NOT_FOUND",
      "CONFLICT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "RATE_LIMITED",
      "QUOTA_EXCEEDED",
    ),
  },
});

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The request body as trigger data: a JSON object, another JSON value wrapped, or {} when empty. */
async function readTriggerData(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("MALFORMED_JSON");
  }
  return isJsonObject(value) ? value : { body: value };
}

function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const parsed = IdempotencyHeadersSchema.safeParse({ "idempotency-key": c.req.header("Idempotency-Key") });
  if (!parsed.success) {
    throw new AppError("BAD_REQUEST", "Invalid header parameters.", { details: [{ field: "Idempotency-Key", message: "Idempotency-Key must be 1 to 255 printable characters" }] });
  }
  return parsed.data["idempotency-key"];
}

/**
 * POST /hooks/{workflow_id}/{secret} (DESIGN.md section 6). An unknown or deleted workflow, a
 * wrong secret and a workflow not triggered by webhook all get the same 404; a draft is 409.
 */
export function inboundHookRoutes(deps: { db: Database; queues: ProducerQueues; metering: AccountMetering; now: () => Date }) {
  const app = new Hono<AppEnv>();

  app.post("/hooks/:workflow_id/:secret", validParams(HookParamsSchema), async (c) => {
    const { workflow_id: workflowId, secret } = c.req.valid("param");
    const workflow = await findWorkflowForHook(deps.db, workflowId);
    const secretMatches = hookSecretMatches(secret, workflow?.hook_secret);
    if (!workflow || !secretMatches || !WebhookTriggerSchema.safeParse(workflow.trigger).success) throw new AppError("NOT_FOUND");
    if (workflow.status !== "active") throw new AppError("CONFLICT", "Workflow is not active");
    const mode = workflow.mode === "test" ? "test" : "live";

    return deps.metering.run(c, { userId: workflow.user_id, mode }, async () => {
      const idempotencyKey = idempotencyKeyOf(c);
      const triggerData = await readTriggerData(c);
      const started = await startExecution({ db: deps.db, queues: deps.queues, logger: c.get("logger") }, {
        workflowId: workflow.id,
        userId: workflow.user_id,
        triggerType: "webhook",
        triggerData,
        mode,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        now: deps.now(),
      });
      if (!started.created) c.header("Idempotent-Replayed", "true");
      return c.json({ execution_id: started.executionId, status: started.status }, 202);
    });
  });

  return app;
}
