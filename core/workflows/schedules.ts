import { CronExpressionParser } from "cron-parser";
import { ScheduleTriggerSchema } from "../contracts/workflows.js";
import { QUEUES, parseJobPayload } from "../jobs.js";
import type { ProducerQueues } from "../queues.js";

/** The BullMQ job scheduler of a schedule-triggered workflow on the "workflow-schedule" queue. */
export function workflowSchedulerId(workflowId: string): string {
  return `workflow:${workflowId}`;
}

/** The workflow a scheduler id belongs to, or undefined for a scheduler that is not a workflow's. */
export function workflowIdOfScheduler(schedulerId: string): string | undefined {
  return schedulerId.startsWith("workflow:wf_") ? schedulerId.slice("workflow:".length) : undefined;
}

/**
 * Why a cron expression cannot be scheduled in a time zone, or undefined when it can. Five fields
 * (minute first) or six (second first), the forms BullMQ's cron parser reads.
 */
export function describeCronProblem(cron: string, timezone: string): string | undefined {
  const fields = cron.trim().split(/\s+/).length;
  if (!cron.trim().startsWith("@") && (fields < 5 || fields > 6)) return "cron must have 5 fields (or 6 with seconds first)";
  try {
    CronExpressionParser.parse(cron, { tz: timezone }).next();
    return undefined;
  } catch (error) {
    return error instanceof Error && error.message.includes("Invalid Date") ? `unknown time zone "${timezone}"` : `invalid cron: ${error instanceof Error ? error.message : "unreadable"}`;
  }
}

export interface SchedulableWorkflow {
  id: string;
  status: string;
  trigger: unknown;
  deleted_at: Date | null;
}

/**
 * Makes the workflow's job scheduler match the workflow: an active, non-deleted workflow with a
 * schedule trigger gets (or keeps) a scheduler firing on its cron in its time zone; any other
 * workflow has none. Idempotent, so the API (on create, update, delete) and every engine (when
 * reconciling) may call it for the same workflow. A fire time that is enqueued twice still starts
 * one execution (the processor uses the fire time as idempotency key).
 */
export async function syncWorkflowSchedule(queues: ProducerQueues, workflow: SchedulableWorkflow): Promise<void> {
  const queue = queues.get("workflow-schedule");
  const schedulerId = workflowSchedulerId(workflow.id);
  const trigger = ScheduleTriggerSchema.safeParse(workflow.trigger);
  if (workflow.status !== "active" || workflow.deleted_at !== null || !trigger.success) {
    await queue.removeJobScheduler(schedulerId);
    return;
  }
  const { cron, timezone } = trigger.data.config;
  const existing = await queue.getJobScheduler(schedulerId);
  // Upserting an unchanged scheduler would replace its pending job; leave it as it is.
  if (existing?.pattern === cron && existing.tz === timezone) return;
  await queue.upsertJobScheduler(
    schedulerId,
    { pattern: cron, tz: timezone },
    {
      name: "workflow-schedule",
      data: parseJobPayload("workflow-schedule", { workflow_id: workflow.id }),
      opts: QUEUES["workflow-schedule"].jobOptions,
    },
  );
}
