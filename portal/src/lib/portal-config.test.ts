import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "./api-client";
import { FALLBACK_PORTAL_CONFIG, loadPortalConfig } from "./portal-config";

const CONFIG = {
  product_name: "Acme Data",
  payment_page_locations: ["https://cybqa.pesapal.com", "http://127.0.0.1:4000/sandbox/pesapal/pay/"],
  oauth_providers: [{ id: "github", name: "GitHub", start_url: "/auth/oauth/github/start" }],
};

/** A stand-in gateway: each test says what GET /api/portal-config answers, or that it never answers. */
let answer: { status: number; body: unknown } | "never" = { status: 200, body: CONFIG };
let requests: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (answer === "never") return;
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

async function load(answerWith: typeof answer, url = baseUrl, timeoutMs = 5_000) {
  answer = answerWith;
  requests = [];
  const reports: unknown[] = [];
  const config = await loadPortalConfig({ request: createApiClient(url), report: (error) => reports.push(error), timeoutMs });
  return { config, reports };
}

describe("loadPortalConfig", () => {
  it("reads the gateway's configuration with one GET", async () => {
    const { config, reports } = await load({ status: 200, body: CONFIG });
    expect(config).toEqual(CONFIG);
    expect(reports).toEqual([]);
    expect(requests).toEqual(["GET /api/portal-config"]);
  });

  it("falls back to no payment pages, no sign-in buttons and the name Sluice, and reports why, when the gateway fails", async () => {
    const { config, reports } = await load({ status: 500, body: { error: { code: "INTERNAL_ERROR", message: "Internal server error" } } });
    expect(config).toEqual({ product_name: "Sluice", payment_page_locations: [], oauth_providers: [] });
    expect(config).toBe(FALLBACK_PORTAL_CONFIG);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeInstanceOf(ApiError);
  });

  it("falls back when the answer breaks the contract, e.g. a location that is not an origin or a path ending in /", async () => {
    const { config, reports } = await load({ status: 200, body: { ...CONFIG, payment_page_locations: ["https://evil.example/pay"] } });
    expect(config).toBe(FALLBACK_PORTAL_CONFIG);
    expect((reports[0] as ApiError).code).toBe("INVALID_RESPONSE");
  });

  it("falls back when the gateway does not answer in time, so the portal still renders", async () => {
    const started = Date.now();
    const { config, reports } = await load("never", baseUrl, 200);
    expect(config).toBe(FALLBACK_PORTAL_CONFIG);
    expect(reports).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("falls back when the gateway cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { config, reports } = await load({ status: 200, body: CONFIG }, `http://127.0.0.1:${port}`);
    expect(config).toBe(FALLBACK_PORTAL_CONFIG);
    expect((reports[0] as ApiError).code).toBe("NETWORK_ERROR");
  });
});
