import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { WebhookEventType } from "../../core/contracts/webhook-events.js";
import { newId } from "../../core/ids.js";
import { nextMonthStart, utcDay } from "../../core/metering/calendar.js";

/**
 * The `data` of a test event (POST /v1/webhook-endpoints/{id}/test): the fields a real event of
 * that type carries, with made-up ids, and `test: true` so receivers can tell it apart.
 */
export function sampleEventData(type: WebhookEventType, now: Date, mode: KeyMode): Record<string, unknown> {
  const workflow = { workflow_id: newId("wf"), execution_id: newId("exec") };
  const processing = { dataset_id: newId("ds"), analysis_id: newId("an") };
  const data: Record<WebhookEventType, Record<string, unknown>> = {
    "workflow.triggered": { ...workflow, trigger_type: "manual", trigger_data: { order_id: "ord_1001", amount: 4200 } },
    "workflow.completed": { ...workflow, duration_ms: 1_234, actions_executed: 3 },
    "workflow.failed": { ...workflow, error: { code: "ACTION_FAILED", message: "http_request_1: the target answered HTTP 500." } },
    "workflow.cancelled": {
      ...workflow,
      cancelled_at: now.toISOString(),
      requested_at: new Date(now.getTime() - 400).toISOString(),
      requested_by: "api",
    },
    "processing.started": { ...processing },
    "processing.completed": { ...processing, duration_ms: 842, rows_processed: 100_000 },
    "processing.failed": { ...processing, error: { code: "PROCESSING_FAILED", message: "The dataset could not be parsed." } },
    "usage.threshold_reached": {
      threshold_percent: 80,
      requests_used: 4_000,
      requests_limit: 5_000,
      reset_date: utcDay(nextMonthStart(now)),
      package: "starter",
    },
    "stream.anomaly_detected": {
      stream: "checkout-latency",
      mode,
      anomalies: [{ event_id: "evt-1042", field: "latency_ms", sequence: 1042, value: 4_870, score: 41.2 }],
      suppressed_since_last: 0,
    },
  };
  return { ...data[type], test: true };
}
