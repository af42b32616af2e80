import autocannon from "autocannon";
import { sql } from "kysely";
import { createDb } from "../core/db/client.js";
import { startHttpReceiver } from "../testing/http-receiver.js";

/**
 * The workflow half of `npm run bench` (DESIGN.md section 13), against a running gateway and
 * engine: one-step executions per second end to end (accepted by the API until completed by the
 * engine), the execute API's latency at half of that rate, and the time from an execution's
 * completion to the first attempt of its workflow.completed webhook.
 */
export interface WorkflowFigures {
  execute: { rate: number; p50: number; p99: number; non2xx: number; errors: number };
  endToEnd: { executions: number; seconds: number; perSecond: number; failed: number };
  firstWebhookAttempt: { samples: number; p50: number; p99: number };
}

const BURST_EXECUTIONS = 3_000;

export async function measureWorkflows(options: { gatewayUrl: string; secret: string; databaseUrl: string; seconds: number }): Promise<WorkflowFigures> {
  const receiver = await startHttpReceiver();
  const db = createDb({ url: options.databaseUrl, poolSize: 2 });
  const headers = { Authorization: `Bearer ${options.secret}`, "Content-Type": "application/json" };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${options.gatewayUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  try {
    await api("POST", "/v1/webhook-endpoints", { url: `${receiver.url}/hooks`, events: ["workflow.completed"] });
    const workflow = await api("POST", "/v1/workflows", {
      name: "bench one-step",
      trigger: { type: "manual" },
      actions: [{ type: "transform", name: "shape", config: { output: { order: "{{trigger.data.order}}" } } }],
    });
    const executeUrl = `${options.gatewayUrl}/v1/workflows/${String(workflow.id)}/execute`;
    const body = JSON.stringify({ data: { order: 42 } });

    // 1. Saturation: a burst of executions, accepted as fast as the API takes them, until the
    //    engine has finished them all (after a short warm-up burst).
    await autocannon({ url: executeUrl, method: "POST", headers, body, connections: 50, amount: 300 });
    await waitUntilSettled(db);
    const burstStart = new Date();
    await autocannon({ url: executeUrl, method: "POST", headers, body, connections: 50, amount: BURST_EXECUTIONS });
    await waitUntilSettled(db);
    const burst = await db
      .selectFrom("executions")
      .select([sql<number>`count(*)::int`.as("count"), sql<number>`count(*) filter (where status = 'failed')::int`.as("failed"), sql<Date>`max(finished_at)`.as("last")])
      .where("queued_at", ">=", burstStart)
      .executeTakeFirstOrThrow();
    const seconds = (new Date(burst.last).getTime() - burstStart.getTime()) / 1_000;
    const perSecond = Math.round(burst.count / seconds);

    // 2. The execute API's latency at half of that end-to-end rate (the engine keeps up, so the
    //    figure is the API's own, not a queue's), as the gateway's p99 is taken at half saturation.
    const rate = Math.max(1, Math.round(perSecond / 2));
    const steady = await evenlySpacedLoad(() => fetch(executeUrl, { method: "POST", headers, body }), rate, options.seconds);
    await waitUntilSettled(db);

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
      execute: { rate, ...steady },
      endToEnd: { executions: burst.count, seconds: Number(seconds.toFixed(2)), perSecond, failed: burst.failed },
      firstWebhookAttempt: { samples: delays.length, p50: percentile(delays, 0.5), p99: percentile(delays, 0.99) },
    };
  } finally {
    await receiver.close();
    await db.destroy();
  }
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

/**
 * Open-loop load: one request every 1/rate s, each timed from when it was due (so a slow answer
 * cannot hide the requests queued behind it). autocannon's rate mode sends in bursts, which
 * inflates latency at low rates; this does not.
 */
async function evenlySpacedLoad(send: () => Promise<Response>, rate: number, seconds: number) {
  const intervalMs = 1_000 / rate;
  const start = performance.now();
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send().then(
        async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - due);
          if (response.status < 200 || response.status >= 300) non2xx++;
        },
        () => void errors++,
      ),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return { p50: round(percentile(latencies, 0.5)), p99: round(percentile(latencies, 0.99)), non2xx, errors };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
