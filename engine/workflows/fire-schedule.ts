import type { Job } from "bullmq";
import { ScheduleTriggerSchema } from "../../core/contracts/workflows.js";
import type { JobPayload } from "../../core/jobs.js";
import { isThrottledFire } from "../../core/workflows/schedule-interval.js";
import { findScheduleMinimum } from "../../core/workflows/schedule-minimum.js";
import { syncWorkflowSchedule, workflowSchedulerId } from "../../core/workflows/schedules.js";
import { startExecution } from "../../core/workflows/start-execution.js";
import type { EngineContext } from "../worker-definition.js";

export type FireResult =
  | { outcome: "started" | "already-started"; execution_id: string; scheduled_at: string }
  | { outcome: "throttled"; scheduled_at: string }
  | { outcome: "unscheduled" };

/**
 * The "workflow-schedule" processor: a workflow's job scheduler fired. Starts one execution for
 * the fire time, with the fire time as idempotency key, so a fire time handled twice (a retried
 * job, a scheduler upserted by two engines at once) still runs once. A workflow that is no longer
 * an active schedule loses its scheduler instead. A fire that comes in the same window of the
 * plan's minimum interval as an earlier fire time of its cron is skipped (decision 0034): a
 * schedule saved under a plan that allowed more runs at most once per minimum after a downgrade.
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
  const trigger = ScheduleTriggerSchema.safeParse(workflow.trigger);
  if (workflow.status !== "active" || workflow.deleted_at !== null || !trigger.success) {
    await syncWorkflowSchedule(context.queues, { ...workflow, deleted_at: workflow.deleted_at ? new Date(workflow.deleted_at) : null });
    return { outcome: "unscheduled" };
  }
  const firedAt = fireTimeOf(job);
  const scheduledAt = new Date(firedAt).toISOString();
  const { cron, timezone } = trigger.data.config;
  const minimum = await findScheduleMinimum(context.db, workflow.user_id);
  if (isThrottledFire(cron, timezone, firedAt, minimum.seconds)) return { outcome: "throttled", scheduled_at: scheduledAt };
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

/**
 * The time this scheduler job was due (ms): BullMQ keeps it as the job's prevMillis and in its id
 * (`repeat:<scheduler id>:<millis>`); the job's creation time is the last resort.
 */
export function fireTimeOf(job: Pick<Job, "id" | "opts" | "timestamp">): number {
  if (typeof job.opts.prevMillis === "number" && Number.isFinite(job.opts.prevMillis)) return job.opts.prevMillis;
  const fromId = /:(\d+)$/.exec(job.id ?? "")?.[1];
  return fromId ? Number(fromId) : job.timestamp;
}
