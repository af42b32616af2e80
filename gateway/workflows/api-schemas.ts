import { z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import { EXECUTION_STATUSES, WORKFLOW_STATUSES } from "../../core/contracts/workflows.js";

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

export const WorkflowIdParamsSchema = z.object({ id: idParam("wf", "No such workflow.") });
export const ExecutionIdParamsSchema = z.object({ id: idParam("exec", "No such execution.") });
