import { sql } from "kysely";
import { z } from "zod";
import { createDb } from "../core/db/client.js";
import { startHttpReceiver } from "../testing/http-receiver.js";
import { percentile, runLoad } from "./load-generator.js";
import { measureCpu, pidsNamed } from "./process-stats.js";
import { seedWorkflowHistory } from "./workflow-history.js";

/**
 * The workflow half of `npm run bench` (DESIGN.md section 13), against a running gateway and
 * engine: one-step executions per second end to end (accepted by the API until completed by the
 * engine), the execute API's latency at half of that rate, and the time from an execution's
 * completion to the first attempt of its workflow.completed webhook. With the burst's rate, it
 * reports the CPU time each process spent per execution in the burst (webhook included), which
 * varies far less between runs than the rate does, and the same in the latency phase.
 */
export interface WorkflowFigures {
  execute: { rate: number; p50: number; p99: number; non2xx: number; errors: number };
  endToEnd: { executions: number; seconds: number; perSecond: number; failed: number };
  /** CPU ms per execution of the burst, by process (PostgreSQL: all its backends). */
  cpuPerExecutionMs: CpuPerExecution;
  /**
   * The same in the latency phase, where executions arrive one by one: grouped statements and
   * batched script runs carry one item each, so every execution pays its round trips alone.
   */
  cpuPerExecutionMsInLatencyPhase: CpuPerExecution;
  firstWebhookAttempt: { samples: number; p50: number; p99: number };
}

export interface CpuPerExecution {
  engine: number;
  gateway: number;
  postgres: number;
  redis: number;
  /** This process: the load generator and the webhook receiver. */
  bench: number;
}

const BURST_EXECUTIONS = 3_000;

export async function measureWorkflows(options: { gatewayUrl: string; secret: string; databaseUrl: string; seconds: number; pids: { gateway: number; engine: number } }): Promise<WorkflowFigures> {
  const receiver = await startHttpReceiver();
  const db = createDb({ url: options.databaseUrl, poolSize: 2 });
  const headers = { Authorization: `Bearer ${options.secret}`, "Content-Type": "application/json" };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${options.gatewayUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  try {
    const endpoint = await api("POST", "/v1/webhook-endpoints", { url: `${receiver.url}/hooks`, events: ["workflow.completed"] });
    const workflow = await api("POST", "/v1/workflows", {
      name: "bench one-step",
      trigger: { type: "manual" },
      actions: [{ type: "transform", name: "shape", config: { output: { order: "{{trigger.data.order}}" } } }],
    });
    const { user_id: userId } = await db.selectFrom("workflows").select("user_id").where("id", "=", String(workflow.id)).executeTakeFirstOrThrow();
    await seedWorkflowHistory(db, { userId, workflowId: String(workflow.id), endpointId: String(endpoint.id) });
    const executeUrl = `${options.gatewayUrl}/v1/workflows/${String(workflow.id)}/execute`;
    const body = JSON.stringify({ data: { order: 42 } });

    // 1. Saturation: a burst of executions, accepted as fast as the API takes them, until the
    //    engine has finished them all (after a short warm-up burst).
    const burst = (amount: number) => runLoad({ url: executeUrl, method: "POST", headers, body, connections: 50, seconds: 300, amount });
    await burst(300);
    await waitUntilSettled(db);
    const cpuOfProcesses = () =>
      measureCpu({ engine: () => [options.pids.engine], gateway: () => [options.pids.gateway], postgres: () => pidsNamed("postgres"), redis: () => pidsNamed("redis-server"), bench: () => [process.pid] });
    const cpu = cpuOfProcesses();
    const burstStart = new Date();
    await burst(BURST_EXECUTIONS);
    await waitUntilSettled(db);
    const cpuMs = cpu.stop();
    const burstRows = await db
      .selectFrom("executions")
      .select([sql<number>`count(*)::int`.as("count"), sql<number>`count(*) filter (where status = 'failed')::int`.as("failed"), sql<Date>`max(finished_at)`.as("last")])
      .where("queued_at", ">=", burstStart)
      .executeTakeFirstOrThrow();
    const seconds = (new Date(burstRows.last).getTime() - burstStart.getTime()) / 1_000;
    const perSecond = Math.round(burstRows.count / seconds);
    const cpuPerExecutionMs = perExecution(cpuMs, burstRows.count);

    // 2. The execute API's latency at half of that end-to-end rate (the engine keeps up, so the
    //    figure is the API's own, not a queue's), as the gateway's p99 is taken at half saturation;
    //    or at BENCH_EXECUTE_RATE, to compare two commits at one load.
    const rate = parseExecuteRate(process.env.BENCH_EXECUTE_RATE) ?? Math.max(1, Math.round(perSecond / 2));
    const latencyPhaseCpu = cpuOfProcesses();
    const latencyPhaseStart = new Date();
    const { p50, p99, non2xx, errors } = await runLoad({ url: executeUrl, method: "POST", headers, body, connections: 50, seconds: options.seconds, rate });
    await waitUntilSettled(db);
    const latencyPhaseCpuMs = latencyPhaseCpu.stop();
    const latencyPhaseRows = await db.selectFrom("executions").select(sql<number>`count(*)::int`.as("count")).where("queued_at", ">=", latencyPhaseStart).executeTakeFirstOrThrow();

    // 3. Completion to first webhook attempt, from the receiver's clock and the engine's finished_at.
    const finished = new Map(
      (await db.selectFrom("executions").select(["id", "finished_at"]).where("status", "=", "completed").execute()).map((row) => [row.id, row.finished_at]),
    );
    const firstArrival = new Map<string, number>();
    for (const request of receiver.received) {
      const executionId = (JSON.parse(request.body) as { data?: { execution_id?: string } }).data?.execution_id;
      if (executionId && !firstArrival.has(executionId)) firstArrival.set(executionId, request.receivedAt);
    }
    const delays = [...firstArrival]
      .flatMap(([id, arrivedAt]) => {
        const at = finished.get(id);
        return at ? [arrivedAt - at.getTime()] : [];
      })
      .sort((a, b) => a - b);

    return {
      execute: { rate, p50, p99, non2xx, errors },
      endToEnd: { executions: burstRows.count, seconds: Number(seconds.toFixed(2)), perSecond, failed: burstRows.failed },
      cpuPerExecutionMs,
      cpuPerExecutionMsInLatencyPhase: perExecution(latencyPhaseCpuMs, latencyPhaseRows.count),
      firstWebhookAttempt: { samples: delays.length, p50: percentile(delays, 0.5), p99: percentile(delays, 0.99) },
    };
  } finally {
    await receiver.close();
    await db.destroy();
  }
}

function perExecution(cpuMs: Record<string, number>, executions: number): CpuPerExecution {
  const each = (name: keyof CpuPerExecution) => Number(((cpuMs[name] ?? Number.NaN) / executions).toFixed(2));
  return { engine: each("engine"), gateway: each("gateway"), postgres: each("postgres"), redis: each("redis"), bench: each("bench") };
}

/** BENCH_EXECUTE_RATE: the execute API's latency phase at this many requests per second instead of half the burst's rate. */
export function parseExecuteRate(text: string | undefined): number | undefined {
  return z.coerce.number().int().positive().optional().parse(text === "" ? undefined : text);
}

/** Waits until no execution is unfinished and no webhook delivery is waiting for its attempt. */
async function waitUntilSettled(db: ReturnType<typeof createDb>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { open } = await db
      .selectNoFrom([
        sql<number>`(select count(*) from executions where status in ('queued', 'running')) + (select count(*) from webhook_deliveries where status = 'pending')`.as("open"),
      ])
      .executeTakeFirstOrThrow();
    if (Number(open) === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} executions still unfinished after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
