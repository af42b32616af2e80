/**
 * When a component's check reads degraded or down. Every check gives up after CHECK_TIMEOUT_MS
 * (down); a check that answers correctly but slower than its `slowMs` is degraded.
 *
 * - gateway: GET /healthz answers 200. Slower than 1 s is degraded: the health route does no
 *   work, so a second of latency means the gateway (or its load balancer) is saturated.
 * - database: `select 1`. Slower than 500 ms is degraded: a round trip is normally a few ms.
 * - analytics engine: DuckDB answers `select 42`. Slower than 1 s is degraded: its threads are
 *   all busy with analyses and new work queues behind them.
 * - queue workers: no live engine heartbeat is down. A queue no live engine consumes, or a job
 *   ready to run that has waited more than 60 s, is degraded (work is piling up).
 * - webhook delivery: no live engine consuming the webhook-delivery queue is down, as is a
 *   delivery attempt overdue by more than 15 minutes. Overdue by more than 2 minutes is degraded
 *   (the requeue sweeper catches a lost job after one minute, so two means a backlog).
 */
export const CHECK_TIMEOUT_MS = 5_000;

export const SLOW_MS = {
  gateway: 1_000,
  database: 500,
  analytics_engine: 1_000,
} as const;

export const QUEUE_WAIT_DEGRADED_MS = 60_000;

export const WEBHOOK_OVERDUE_MS = {
  degraded: 2 * 60_000,
  down: 15 * 60_000,
} as const;

/** Samples are kept a day longer than the page's 90-day window, so that window is always full. */
export const SAMPLE_RETENTION_DAYS = 91;
