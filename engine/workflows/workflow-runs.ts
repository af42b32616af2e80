import type { EngineConfig } from "../../core/config.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import { connectRedis, waitForRedis } from "../../core/redis.js";
import { cancelChannel } from "../../core/workflows/cancellation.js";
import { cancelIdleExecution } from "./cancel-idle-execution.js";
import { createExecutionSlots, type ExecutionSlots } from "./execution-slots.js";

/** Why a running step's signal was aborted by a cancel message. */
export class CancelRequested extends Error {
  constructor() {
    super("The execution was cancelled");
    this.name = "CancelRequested";
  }
}

/**
 * What one engine process keeps about workflow runs: the executions running in it (so a cancel
 * message can abort the step in progress), the per-account concurrency slots, and its one
 * subscription to the cancel channel.
 */
export interface WorkflowRuns {
  /** Registers an execution running here; its signal aborts when a cancel for it arrives. */
  track: (executionId: string) => { signal: AbortSignal; untrack: () => void };
  slots: ExecutionSlots;
  /** Unsubscribes and closes the connections; call after the workers have stopped. */
  close: () => Promise<void>;
}

export async function startWorkflowRuns(deps: { config: EngineConfig; db: Database; queues: ProducerQueues; logger: Logger }): Promise<WorkflowRuns> {
  const { config, logger } = deps;
  const running = new Map<string, AbortController>();
  const subscriber = connectRedis(config, "worker");
  const commands = connectRedis(config, "worker");
  for (const connection of [subscriber, commands]) connection.on("error", (error) => logger.warn({ err: error }, "redis connection error"));
  await Promise.all([waitForRedis(subscriber), waitForRedis(commands)]);

  const channel = cancelChannel(config.REDIS_KEY_PREFIX);
  subscriber.on("message", (received: string, executionId: string) => {
    if (received !== channel || !executionId.startsWith("exec_")) return;
    const controller = running.get(executionId);
    if (controller) {
      controller.abort(new CancelRequested());
      return;
    }
    cancelIdleExecution(deps, executionId, new Date())
      .then((cancelled) => cancelled && logger.info({ executionId }, "cancelled an execution no engine was running"))
      .catch((error: unknown) => logger.warn({ err: error, executionId }, "could not cancel an execution no engine was running"));
  });
  await subscriber.subscribe(channel);

  const slots = createExecutionSlots(commands, {
    keyPrefix: config.REDIS_KEY_PREFIX,
    leaseMs: config.JOB_LOCK_MS,
    onRenewError: (error) => logger.warn({ err: error }, "could not renew an execution slot"),
  });

  return {
    track(executionId) {
      const controller = new AbortController();
      running.set(executionId, controller);
      return {
        signal: controller.signal,
        untrack: () => {
          if (running.get(executionId) === controller) running.delete(executionId);
        },
      };
    },
    slots,
    async close() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}
