/**
 * One table of Retry-After headers and the waits they ask for (core/retry-after.ts), run through
 * each reader's own path: webhook retries (engine/webhooks/deliver-webhook.int.test.ts), workflow
 * actions (engine/workflows/actions/outbound-failures.test.ts) and the portal's API client
 * (portal/src/lib/api-client.test.ts). A reader that parses the header its own way fails there.
 */
export interface RetryAfterCase {
  /** The answer's Retry-After; undefined sends none. */
  header: string | undefined;
  /** Milliseconds to wait from `now`; undefined when the header asks for nothing readable. */
  waitMs: number | undefined;
}

/** The cases at `now`. HTTP dates are whole seconds: at a whole-second `now` every wait is exact. */
export function retryAfterCases(now: Date): RetryAfterCase[] {
  const nextSecond = Math.ceil(now.getTime() / 1_000) * 1_000;
  const httpDate = (offsetSeconds: number) => new Date(nextSecond + offsetSeconds * 1_000).toUTCString();
  return [
    { header: undefined, waitMs: undefined },
    { header: "", waitMs: undefined },
    { header: "120", waitMs: 120_000 },
    { header: " 5 ", waitMs: 5_000 },
    { header: "0", waitMs: 0 },
    { header: httpDate(300), waitMs: nextSecond + 300_000 - now.getTime() },
    { header: httpDate(-3_600), waitMs: 0 },
    { header: "-5", waitMs: undefined },
    { header: "+5", waitMs: undefined },
    { header: "1.5", waitMs: undefined },
    { header: "120s", waitMs: undefined },
    { header: "2026-11-21", waitMs: undefined },
    { header: "soon", waitMs: undefined },
  ];
}
