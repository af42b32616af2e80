import type { ServiceStatus, StatusComponentId } from "../../core/contracts/status.js";
import { CHECK_TIMEOUT_MS } from "./thresholds.js";

/** One probe result, as written to status_samples. A down component has no response time. */
export interface ComponentSample {
  component: StatusComponentId;
  status: ServiceStatus;
  latency_ms: number | null;
}

/** What a check found when its component answered; `slowMs` turns a slow answer into degraded. */
export interface CheckVerdict {
  status: ServiceStatus;
  slowMs?: number;
}

/**
 * Runs a check with the shared time limit and measures it. A check that throws or runs out of
 * time reads down; one that answers gets its verdict, degraded when slower than `slowMs`.
 */
export async function runTimedCheck(component: StatusComponentId, check: (signal: AbortSignal) => Promise<CheckVerdict>): Promise<ComponentSample> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    const verdict = await Promise.race([
      check(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
        }, CHECK_TIMEOUT_MS);
      }),
    ]);
    const latency = Math.round(performance.now() - started);
    if (verdict.status === "down") return { component, status: "down", latency_ms: null };
    const slow = verdict.slowMs !== undefined && latency > verdict.slowMs;
    return { component, status: slow ? "degraded" : verdict.status, latency_ms: latency };
  } catch {
    return { component, status: "down", latency_ms: null };
  } finally {
    clearTimeout(timer);
  }
}
