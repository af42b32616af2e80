import { z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { KEY_MODES } from "../../core/contracts/api-keys.js";
import { EXECUTION_STATUSES, WORKFLOW_STATUSES } from "../../core/contracts/workflows.js";
import { idPattern } from "../../core/ids.js";
import { decodeExecutionCursor } from "./execution-cursor.js";

/** Request and parameter schemas of the public workflow API; its answers are in core/contracts/workflow-responses.ts. */

export const ExecuteRequestSchema = z
  .object({ data: z.record(z.string(), z.unknown()).optional().openapi({ description: "Trigger data, available to actions as {{trigger.data.…}}." }) })
  .openapi("ExecuteRequest");

/** Idempotency-Key: 1 to 255 printable ASCII characters. */
export const IdempotencyHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x20-\x7E]{1,255}$/, "Idempotency-Key must be 1 to 255 printable characters")
    .optional()
    .openapi({ description: "Repeating a request with the same key within 24 h returns the original execution." }),
});

const pagination = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ example: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
};

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "Expected an ISO 8601 date or date-time" });

export const ListWorkflowsQuerySchema = z.object({
  ...pagination,
  status: z.enum(WORKFLOW_STATUSES).optional(),
  created_after: isoDate.optional().openapi({ description: "Only workflows created after this date or time." }),
  created_before: isoDate.optional().openapi({ description: "Only workflows created before this date or time." }),
});

export const ListExecutionsQuerySchema = z.object({ ...pagination, status: z.enum(EXECUTION_STATUSES).optional() });

/** `status=failed` or `status=failed,cancelled` (or the parameter repeated): the statuses asked for, each once. */
const executionStatuses = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).flatMap((part) => part.split(",")).map((part) => part.trim()))])
  .pipe(z.array(z.enum(EXECUTION_STATUSES, { error: `Expected one or more of ${EXECUTION_STATUSES.join(", ")}, separated by commas` })))
  .openapi({
    type: "string",
    description: `Only executions with one of these statuses, separated by commas: ${EXECUTION_STATUSES.join(", ")}.`,
    example: "failed,cancelled",
  });

/** GET /v1/executions: the account's executions of the key's mode (decision 0031); unknown parameters are 400. */
export const ListAccountExecutionsQuerySchema = z
  .strictObject({
    limit: pagination.limit,
    cursor: z
      .string()
      .refine((value) => decodeExecutionCursor(value) !== undefined, "Invalid cursor: pass the previous page's next_cursor unchanged")
      .optional()
      .openapi({ description: "The previous page's `next_cursor`; leave out for the newest executions." }),
    status: executionStatuses.optional(),
    workflow_id: z
      .string()
      .regex(idPattern("wf"), "Expected a workflow id (wf_…)")
      .optional()
      .openapi({ description: "Only this workflow's executions.", example: "wf_1AbCdEfGhJkLmNpQrStUvW" }),
    mode: z
      .enum(KEY_MODES)
      .optional()
      .openapi({ description: "The key's own mode, if given: a test key lists test executions only, a live key live ones; the other mode is 403." }),
    created_after: isoDate.optional().openapi({ description: "Only executions queued after this date or time." }),
    created_before: isoDate.optional().openapi({ description: "Only executions queued before this date or time." }),
  })
  .refine((query) => !query.created_after || !query.created_before || Date.parse(query.created_after) < Date.parse(query.created_before), {
    error: "created_after must be earlier than created_before",
    path: ["created_after"],
  });

export const WorkflowIdParamsSchema = z.object({ id: idParam("wf", "No such workflow.") });
export const ExecutionIdParamsSchema = z.object({ id: idParam("exec", "No such execution.") });
