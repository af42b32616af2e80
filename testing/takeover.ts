import type { Database } from "../core/db/client.js";
import type { ProducerQueues } from "../core/queues.js";
import type { EngineProcess } from "./engine-process.js";
import type { HttpReceiver } from "./http-receiver.js";
import { waitFor } from "./wait-for.js";
import { insertWorkflow, startRun } from "./workflow-runs.js";

/**
 * One engine's death mid-step, timed: an execution's second step calls a target that never
 * answers its first call, the engine running it is killed (SIGKILL) while it waits, and another
 * engine already running takes the execution over and calls the target again (same
 * Idempotency-Key). Used by the takeover test and by `BENCH_ONLY=takeover npm run bench`.
 */
export interface TakeoverTrial {
  executionId: string;
  /** From the kill until the other engine made the interrupted step's call again. */
  takeoverMs: number;
  /** From the kill until the execution's end was recorded. */
  completedMs: number;
  status: string;
  killed: EngineProcess;
  /** The engine that ran the execution after the kill (BullMQ's processedBy on its job). */
  tookOverInstanceId: string | undefined;
  /** Calls to the first step's target: 1 unless a completed step was repeated. */
  firstStepCalls: number;
}

export async function insertTakeoverWorkflow(db: Database, userId: string, receiver: HttpReceiver): Promise<string> {
  return insertWorkflow(db, userId, {
    actions: [
      { type: "http_request", name: "first", config: { url: `${receiver.url}/first` } },
      { type: "http_request", name: "hang", timeout_seconds: 60, config: { url: `${receiver.url}/hang` } },
      { type: "transform", name: "done", config: { output: { ok: true } } },
    ],
  });
}

/**
 * Runs one trial among `engines` (all running); the receiver must answer with hangFirstCallTo(receiver, "/hang").
 * The kill comes `killAfterMs` into the hanging call, so that the job's lock has been renewed.
 */
export async function killEngineMidStep(
  deps: { db: Database; queues: ProducerQueues; receiver: HttpReceiver },
  workflow: { id: string; userId: string },
  engines: readonly EngineProcess[],
  killAfterMs = 0,
): Promise<TakeoverTrial> {
  const { db, queues, receiver } = deps;
  const executionId = await startRun({ db, queues }, workflow);
  const calls = (path: string) => receiver.received.filter((request) => request.path === path && request.headers["idempotency-key"] === `${executionId}:${path.slice(1)}`);
  await waitFor(() => (calls("/hang").length > 0 ? true : undefined), 30_000);
  const job = await queues.get("workflow-run").getJob(executionId);
  const killed = engines.find((engine) => engine.instanceId === job?.processedBy);
  if (!killed) throw new Error(`no engine of these runs execution ${executionId} (processedBy ${job?.processedBy ?? "none"})`);

  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  const killedAt = Date.now();
  await killed.kill();
  const again = await waitFor(() => calls("/hang")[1], 60_000);
  const ended = await waitFor(async () => {
    const row = await db.selectFrom("executions").select(["status", "finished_at"]).where("id", "=", executionId).executeTakeFirstOrThrow();
    return row.finished_at ? { status: row.status, finishedAt: new Date(row.finished_at).getTime() } : undefined;
  }, 60_000);
  return {
    executionId,
    takeoverMs: again.receivedAt - killedAt,
    completedMs: ended.finishedAt - killedAt,
    status: ended.status,
    killed,
    tookOverInstanceId: (await queues.get("workflow-run").getJob(executionId))?.processedBy,
    firstStepCalls: calls("/first").length,
  };
}
