import { EngineConfigSchema, parseConfig, readEnvironment, type EngineConfig } from "../core/config.js";
import type { Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { createLogger } from "../core/logger.js";
import type { ProducerQueues } from "../core/queues.js";
import { ActionFailure, type ActionContext } from "../engine/workflows/actions/action-context.js";

/**
 * For the actions' tests: the developer's engine settings with outbound calls to loopback
 * allowed (the local receivers the tests stand up), quiet logs.
 */
export function testEngineConfig(overrides: Record<string, string> = {}): EngineConfig {
  return parseConfig(EngineConfigSchema, { ...readEnvironment(), LOG_LEVEL: "silent", OUTBOUND_ALLOW_PRIVATE: "true", ...overrides });
}

/** The context of the first attempt of a live step named `notify` in a fresh execution, with real stores. */
export function testActionContext(stores: { db: Database; queues: ProducerQueues }, overrides: Partial<ActionContext> = {}): ActionContext {
  return {
    executionId: newId("exec"),
    workflowId: newId("wf"),
    userId: newId("usr"),
    mode: "live",
    stepName: "notify",
    stepIndex: 0,
    attempt: 1,
    signal: new AbortController().signal,
    timeoutMs: 5_000,
    db: stores.db,
    queues: stores.queues,
    config: testEngineConfig(),
    logger: createLogger({ level: "silent", name: "test-actions" }),
    onResponse: () => undefined,
    ...overrides,
  };
}

/** The ActionFailure `work` rejects with; anything else (or success) fails the test. */
export async function actionFailureOf(work: Promise<unknown>): Promise<ActionFailure> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof ActionFailure) return error;
  throw new Error(`expected an ActionFailure, got ${String(error)}`);
}
