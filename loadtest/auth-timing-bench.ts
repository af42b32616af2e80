import { CSRF_COOKIE, CSRF_HEADER } from "../core/contracts/auth.js";
import { createDb } from "../core/db/client.js";
import { insertAccount } from "../gateway/auth/users.js";

/**
 * BENCH_ONLY=auth: how long sign-up, forgot-password and re-send take to answer for an address
 * with an account and for one without, which must not tell them apart (issue 35). Requests
 * alternate between the two kinds, each from its own client address (the gateway trusts
 * X-Forwarded-For here) and for its own e-mail address, so no rate limit is reached; each kind's
 * median and 90th percentile are reported.
 */

const REQUESTS_PER_KIND = Math.max(10, Number(process.env.AUTH_TIMING_REQUESTS ?? 100));

export interface AuthTimingRow {
  endpoint: string;
  kind: string;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  statuses: number[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
const round = (ms: number) => Math.round(ms * 100) / 100;

export async function measureAuthTiming(options: { gatewayUrl: string; databaseUrl: string }): Promise<AuthTimingRow[]> {
  const db = createDb({ url: options.databaseUrl, poolSize: 2 });
  const run = Date.now().toString(36);
  const address = (kind: string, i: number) => `timing-${run}-${kind}-${i}@example.test`;
  try {
    // Accounts made directly (no password: sign-up's answer does not depend on it).
    for (let i = 0; i < REQUESTS_PER_KIND; i++) {
      await insertAccount(db, { email: address("confirmed", i), fullName: "Timing", passwordHash: null, confirmed: true });
      await insertAccount(db, { email: address("unconfirmed", i), fullName: "Timing", passwordHash: null, confirmed: false });
    }
  } finally {
    await db.destroy();
  }

  let client = 0;
  const post = async (path: string, body: unknown) => {
    client += 1;
    const started = performance.now();
    const response = await fetch(`${options.gatewayUrl}${path}`, {
      method: "POST",
      // /auth state changes need the CSRF pair; any matching value passes the double-submit check.
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.18.${(client >> 8) & 255}.${client & 255}`, Cookie: `${CSRF_COOKIE}=bench`, [CSRF_HEADER]: "bench" },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };

  const cases: Array<{ endpoint: string; kinds: Array<[string, (i: number) => unknown]> }> = [
    { endpoint: "/auth/signup", kinds: [["new address", (i) => ({ full_name: "T", email: address("new", i), password: "timing-harbor-42" })], ["existing account", (i) => ({ full_name: "T", email: address("confirmed", i), password: "timing-harbor-42" })]] },
    { endpoint: "/auth/forgot-password", kinds: [["account", (i) => ({ email: address("confirmed", i) })], ["no account", (i) => ({ email: address("nobody", i) })]] },
    { endpoint: "/auth/resend-confirmation", kinds: [["unconfirmed account", (i) => ({ email: address("unconfirmed", i) })], ["no account", (i) => ({ email: address("nobody-else", i) })]] },
  ];
  const rows: AuthTimingRow[] = [];
  for (const { endpoint, kinds } of cases) {
    const samples = kinds.map(() => ({ ms: [] as number[], statuses: new Set<number>() }));
    for (let i = 0; i < REQUESTS_PER_KIND; i++) {
      for (const [index, [, body]] of kinds.entries()) {
        const { ms, status } = await post(endpoint, body(i));
        samples[index]!.ms.push(ms);
        samples[index]!.statuses.add(status);
      }
    }
    kinds.forEach(([kind], index) => {
      const sorted = [...samples[index]!.ms].sort((a, b) => a - b);
      rows.push({ endpoint, kind, requests: sorted.length, p50Ms: round(percentile(sorted, 0.5)), p90Ms: round(percentile(sorted, 0.9)), statuses: [...samples[index]!.statuses] });
    });
  }
  return rows;
}

export function authTimingTable(rows: AuthTimingRow[]): string[] {
  return [
    "| endpoint | address | requests | p50 ms | p90 ms | statuses |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.endpoint} | ${row.kind} | ${row.requests} | ${row.p50Ms} | ${row.p90Ms} | ${row.statuses.join(", ")} |`),
    "",
  ];
}
