import type { Job } from "bullmq";
import type { JobPayload } from "../../core/jobs.js";
import { syncWorkflowSchedule, workflowSchedulerId } from "../../core/workflows/schedules.js";
import { startExecution } from "../../core/workflows/start-execution.js";
import type { EngineContext } from "../worker-definition.js";

export type FireResult = { outcome: "started" | "already-started"; execution_id: string; scheduled_at: string } | { outcome: "unscheduled" };

/**
 * The "workflow-schedule" processor: a workflow's job scheduler fired. Starts one execution for
 * the fire time, with the fire time as idempotency key, so a fire time handled twice (a retried
 * job, a scheduler upserted by two engines at once) still runs once. A workflow that is no longer
 * an active schedule loses its scheduler instead.
 */
export async function fireWorkflowSchedule(payload: JobPayload<"workflow-schedule">, job: Job, context: EngineContext): Promise<FireResult> {
  const workflow = await context.db
    .selectFrom("workflows")
    .select(["id", "user_id", "status", "trigger", "mode", "deleted_at"])
    .where("id", "=", payload.workflow_id)
    .executeTakeFirst();
  if (!workflow) {
    await context.queues.get("workflow-schedule").removeJobScheduler(workflowSchedulerId(payload.workflow_id));
    return { outcome: "unscheduled" };
  }
  const isSchedule = workflow.status === "active" && workflow.deleted_at === null && isScheduleTrigger(workflow.trigger);
  if (!isSchedule) {
    await syncWorkflowSchedule(context.queues, { ...workflow, deleted_at: workflow.deleted_at ? new Date(workflow.deleted_at) : null });
    return { outcome: "unscheduled" };
  }
  const firedAt = fireTimeOf(job);
  const scheduledAt = new Date(firedAt).toISOString();
  const started = await startExecution(
    { db: context.db, queues: context.queues },
    {
      workflowId: workflow.id,
      userId: workflow.user_id,
      triggerType: "schedule",
      triggerData: { scheduled_at: scheduledAt },
      mode: workflow.mode === "test" ? "test" : "live",
      idempotencyKey: `schedule:${firedAt}`,
      now: new Date(),
    },
  );
  return { outcome: started.created ? "started" : "already-started", execution_id: started.executionId, scheduled_at: scheduledAt };
}

function isScheduleTrigger(trigger: unknown): boolean {
  return typeof trigger === "object" && trigger !== null && "type" in trigger && trigger.type === "schedule";
}

/**
 * The time this scheduler job was due (ms): BullMQ keeps it as the job's prevMillis and in its id
 * (`repeat:<scheduler id>:<millis>`); the job's creation time is the last resort.
 */
export function fireTimeOf(job: Pick<Job, "id" | "opts" | "timestamp">): number {
  if (typeof job.opts.prevMillis === "number" && Number.isFinite(job.opts.prevMillis)) return job.opts.prevMillis;
  const fromId = /:(\d+)$/.exec(job.id ?? "")?.[1];
  return fromId ? Number(fromId) : job.timestamp;
}
