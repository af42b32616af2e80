import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { createLogger } from "../core/logger.js";
import { useTestApp } from "../testing/gateway.js";
import { createKeyedAccount } from "../testing/accounts.js";
import { listen } from "./server.js";

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

describe("graceful shutdown", () => {
  const testApp = useTestApp();

  it("finishes in-flight requests, then refuses new connections", async () => {
    const { app } = testApp.current;
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      app.get("/v1/test-slow", async (c) => {
        resolveStarted();
        await new Promise<void>((resolve) => (release = resolve));
        return c.json({ finished: true });
      });
    });
    let closedCalled = false;
    const listening = await listen(app.fetch, {
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 10_000,
      logger: createLogger({ level: "silent", name: "t" }),
      onClosed: async () => {
        closedCalled = true;
      },
    });

    const { authorization } = await createKeyedAccount(testApp.current.database.db);
    const inFlight = get(`${listening.url}/v1/test-slow`, authorization);
    await started;
    const stopped = listening.shutdown();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedCalled).toBe(false);
    await expect(get(`${listening.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);

    release();
    const response = await inFlight;
    expect(response).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    await stopped;
    expect(closedCalled).toBe(true);
  });
});
