import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import { syncWorkflowSchedule, workflowIdOfScheduler } from "../../core/workflows/schedules.js";

/**
 * Makes the job schedulers match the database (at engine start and every 10 minutes): every
 * active schedule-triggered workflow has its scheduler, and a scheduler whose workflow is gone,
 * deleted, a draft or no longer on a schedule is removed. The API keeps them in step on every
 * change; this repairs what a lost Redis or a failed call left behind.
 */
export async function syncAllWorkflowSchedules(db: Database, queues: ProducerQueues, logger: Logger): Promise<{ scheduled: number; removed: number; invalid: number }> {
  // Matches the partial index workflows_schedule_idx.
  const workflows = await db
    .selectFrom("workflows")
    .select(["id", "status", "trigger", "deleted_at"])
    .where(sql<boolean>`trigger ->> 'type' = 'schedule' and status = 'active' and deleted_at is null`)
    .execute();
  let invalid = 0;
  for (const workflow of workflows) {
    try {
      await syncWorkflowSchedule(queues, { ...workflow, deleted_at: null });
    } catch (error) {
      invalid += 1;
      logger.warn({ err: error, workflowId: workflow.id }, "could not schedule a workflow");
    }
  }

  const wanted = new Set(workflows.map((workflow) => workflow.id));
  const queue = queues.get("workflow-schedule");
  let removed = 0;
  for (const scheduler of await queue.getJobSchedulers()) {
    const workflowId = workflowIdOfScheduler(scheduler.key);
    if (workflowId === undefined || wanted.has(workflowId)) continue;
    if (await queue.removeJobScheduler(scheduler.key)) removed += 1;
  }
  return { scheduled: workflows.length - invalid, removed, invalid };
}
