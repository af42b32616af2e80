import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentile, runLoad } from "./load-generator.js";

let server: Server;
let url = "";
const seen: Array<{ method: string; auth: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let received = "";
    request.on("data", (chunk: Buffer) => (received += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", auth: request.headers.authorization, body: received });
      const slow = request.url === "/slow";
      // Slow answers are chunked (no length given), the others carry a Content-Length.
      const body = "x".repeat(slow ? 10 : 70_000);
      setTimeout(() => {
        response.writeHead(request.url === "/missing" ? 404 : 200, { "Content-Type": "text/plain", ...(slow ? {} : { "Content-Length": String(body.length) }) });
        response.end(body);
      }, slow ? 50 : 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the load generator", () => {
  it("sends exactly `amount` requests with the method, headers and body given, reading large answers whole", async () => {
    seen.length = 0;
    const figures = await runLoad({ url: `${url}/`, method: "POST", headers: { Authorization: "Bearer k" }, body: '{"a":1}', connections: 4, seconds: 30, amount: 40 });
    expect(figures).toMatchObject({ requests: 40, non2xx: 0, errors: 0 });
    expect(seen).toHaveLength(40);
    expect(seen.every((r) => r.method === "POST" && r.auth === "Bearer k" && r.body === '{"a":1}')).toBe(true);
  });

  it("makes each request's body when given a function, numbered from 0", async () => {
    seen.length = 0;
    await runLoad({ url: `${url}/`, method: "POST", body: (n) => `{"n":${n}}`, connections: 3, seconds: 30, amount: 12 });
    expect(seen.map((r) => JSON.parse(r.body).n as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it("counts answers outside 2xx", async () => {
    const figures = await runLoad({ url: `${url}/missing`, connections: 2, seconds: 30, amount: 10 });
    expect(figures).toMatchObject({ requests: 10, non2xx: 10 });
  });

  it("spaces open-loop requests evenly and times each from when it was due, queueing included", async () => {
    // 30 requests/s for 1 s on one connection against 50 ms answers: the connection keeps up
    // with 20/s, so request i waits about 50 + 17 i ms, and the median shows it (~300 ms).
    const figures = await runLoad({ url: `${url}/slow`, connections: 1, seconds: 1, rate: 30 });
    expect(figures).toMatchObject({ requests: 30, errors: 0 });
    expect(figures.p50).toBeGreaterThan(200);
    const unqueued = await runLoad({ url: `${url}/slow`, connections: 20, seconds: 1, rate: 100 });
    expect(unqueued.p99).toBeLessThan(200);
    expect(unqueued.p50).toBeGreaterThanOrEqual(50);
  });

  it("does not count what a server sends on a connection with no request in flight", async () => {
    // Node answers 408 to a connection that sends nothing within headersTimeout.
    const strict = createServer({ headersTimeout: 200, requestTimeout: 1_000, connectionsCheckingInterval: 50 }, (_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => strict.listen(0, "127.0.0.1", resolve));
    try {
      const port = (strict.address() as AddressInfo).port;
      // Ten requests a second on 4 connections: one carries them all (never idle 200 ms), the
      // other three sit unused past the timeout and are sent a 408 each.
      const figures = await runLoad({ url: `http://127.0.0.1:${port}/`, connections: 4, seconds: 0.6, rate: 10 });
      expect(figures).toMatchObject({ requests: 6, non2xx: 0, errors: 0 });
      expect(figures.failedStatuses).toEqual({});
    } finally {
      strict.closeAllConnections();
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it("takes percentiles by nearest rank", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 0.5)).toBe(5);
    expect(percentile(sorted, 0.99)).toBe(10);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
