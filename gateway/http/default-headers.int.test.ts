import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestApp } from "../../testing/gateway.js";
import { listen, type Listening } from "../server.js";

const testApp = useTestApp();
let server: Listening | undefined;

beforeAll(async () => {
  server = await listen(testApp.current.app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, logger: createLogger({ level: "silent", name: "test" }) });
});
afterAll(async () => {
  await server?.shutdown();
});

/** What only a socket carries (framing, the clock), and the counts that change with every request. */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const COUNTS = new Set(["x-ratelimit-remaining", "x-ratelimit-used", "ratelimit"]);

/** The answer's headers, lower-case and sorted; a count's value, and a cookie's random value, replaced. */
function headersOf(response: Response): Array<[string, string]> {
  return [...response.headers.entries()]
    .filter(([name]) => !TRANSPORT.has(name))
    .map(([name, value]): [string, string] => [name, COUNTS.has(name) ? "(count)" : name === "set-cookie" ? value.replace(/=[^;]*/, "=(random)") : value])
    .sort(([a], [b]) => a.localeCompare(b));
}

describe("the default response headers", () => {
  it("are the same from app.request() as from a listening server, metered or not, answer or error", async () => {
    const { authorization } = await createKeyedAccount(testApp.current.database.db);
    const requests: Array<[string, RequestInit]> = [
      ["/healthz", {}],
      ["/v1/whoami", { headers: authorization }],
      ["/v1/workflows/wf_missing", { headers: authorization }],
      ["/v1/workflows", { method: "POST", headers: { ...authorization, "Content-Type": "application/json" }, body: "{" }],
      ["/v1/whoami", { headers: { Authorization: "Bearer sk_live_wrong" } }],
      ["/api/plans", {}],
      // The reference page answers with a CSP of its own, over the default one.
      ["/reference", {}],
      ["/openapi.yaml", {}],
    ];
    for (const [path, init] of requests) {
      const headers = { ...(init.headers as Record<string, string> | undefined), "X-Request-Id": "req_same" };
      const inProcess = await testApp.current.app.request(path, { ...init, headers });
      const overTheWire = await fetch(`${server!.url}${path}`, { ...init, headers });
      expect([path, overTheWire.status, headersOf(overTheWire)]).toEqual([path, inProcess.status, headersOf(inProcess)]);
    }
  });

  it("are each request's own: a metered answer's rate-limit headers never reach a later answer", async () => {
    const { authorization } = await createKeyedAccount(testApp.current.database.db);
    const wrongKey = { Authorization: "Bearer sk_live_wrong" };
    const inProcess = async (path: string, headers: Record<string, string>) => testApp.current.app.request(path, { headers });
    const overTheWire = (path: string, headers: Record<string, string>) => fetch(`${server!.url}${path}`, { headers });
    for (const send of [inProcess, overTheWire]) {
      expect((await send("/v1/whoami", authorization)).headers.get("x-ratelimit-limit")).not.toBeNull();
      const refused = await send("/v1/whoami", wrongKey);
      expect([refused.status, refused.headers.get("x-ratelimit-limit")]).toEqual([401, null]);
    }
  });
});
