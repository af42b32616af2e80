import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { LookupAddress } from "node:dns";
import type { ServerResponse } from "node:http";
import { createServer, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "../../testing/http-receiver.js";
import { IDLE_CONNECTION_MS } from "./connection-pool.js";
import { OutboundError, sendOutbound, type OutboundRequest, type OutboundTestHooks } from "./send-outbound.js";

const ALLOW_PRIVATE = { allowPrivate: true };

let receiver: HttpReceiver;
// Every client TCP socket the code under test opens, to check none is left open.
let sockets: Socket[] = [];
const recordSocket = (message: unknown) => {
  const { socket } = message as { socket: Socket };
  sockets.push(socket);
};

beforeEach(async () => {
  receiver = await startHttpReceiver();
  sockets = [];
  subscribe("net.client.socket", recordSocket);
});
afterEach(async () => {
  unsubscribe("net.client.socket", recordSocket);
  await receiver.close();
});

async function failureOf(request: OutboundRequest, policy = ALLOW_PRIVATE, hooks: OutboundTestHooks = {}): Promise<OutboundError> {
  const error = await sendOutbound(request, policy, hooks).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

function expectEverySocketDestroyed() {
  expect(sockets.length).toBeGreaterThan(0);
  for (const socket of sockets) expect(socket.destroyed).toBe(true);
}

/** Answers headers at once, then one byte every 20 ms for ever; `closed` resolves when the client hangs up. */
function dripForever() {
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const responder = (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { "Content-Type": "text/plain" });
    const drip = setInterval(() => response.write("x"), 20);
    response.on("close", () => {
      clearInterval(drip);
      markClosed();
    });
  };
  return { responder, closed };
}

describe("sendOutbound against a real receiver", () => {
  it("delivers the method, path, headers and body byte for byte", async () => {
    const body = '{"text":"café ✓ 🚀","lines":"a\\r\\nb","n":1.50}';
    const response = await sendOutbound(
      {
        url: `${receiver.url}/hooks/in?x=1&y=%20z`,
        method: "POST",
        headers: { "Content-Type": "application/json", "Webhook-Signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=", Host: "evil.example" },
        body,
        timeoutMs: 5_000,
      },
      ALLOW_PRIVATE,
    );
    expect(response).toMatchObject({ status: 200, body: '{"ok":true}', truncated: false });
    expect(response.headers["content-type"]).toBe("application/json");
    const [received] = await receiver.waitForRequests(1);
    expect(received?.method).toBe("POST");
    expect(received?.path).toBe("/hooks/in?x=1&y=%20z");
    expect(received?.body).toBe(body);
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(received?.headers["webhook-signature"]).toBe("v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=");
    expect(received?.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(received?.headers["transfer-encoding"]).toBeUndefined();
    expect(received?.headers.host).toBe(new URL(receiver.url).host);
    expect(sockets).toHaveLength(1);
  });

  it.each([
    [404, {}, "no such hook"],
    [500, {}, "boom"],
    [429, { "Retry-After": "30" }, "slow down"],
  ])("returns a %i as a response, with its headers and body", async (status, headers, text) => {
    receiver.respondWith((_request, response) => {
      response.writeHead(status, headers);
      response.end(text);
    });
    const response = await sendOutbound({ url: receiver.url, method: "PUT", body: "x", timeoutMs: 5_000 }, ALLOW_PRIVATE);
    expect(response.status).toBe(status);
    expect(response.body).toBe(text);
    if (status === 429) expect(response.headers["retry-after"]).toBe("30");
  });

  it("returns a redirect to the metadata address as the 3xx response and does not follow it", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    });
    const response = await sendOutbound({ url: `${receiver.url}/start`, method: "GET", timeoutMs: 5_000 }, ALLOW_PRIVATE);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("http://169.254.169.254/latest/meta-data/");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received.map((request) => request.path)).toEqual(["/start"]);
    expect(sockets).toHaveLength(1);
  });

  it("cuts a response larger than the cap and marks it truncated", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(200);
      response.end("a".repeat(200_000));
    });
    const response = await sendOutbound({ url: receiver.url, method: "GET", timeoutMs: 5_000, maxResponseBytes: 1_000 }, ALLOW_PRIVATE);
    expect(response.body).toBe("a".repeat(1_000));
    expect(response.truncated).toBe(true);
    expectEverySocketDestroyed();
  });

  it("keeps a response of exactly the cap whole", async () => {
    receiver.respondWith((_request, response) => void response.end("b".repeat(1_000)));
    const response = await sendOutbound({ url: receiver.url, method: "GET", timeoutMs: 5_000, maxResponseBytes: 1_000 }, ALLOW_PRIVATE);
    expect(response).toMatchObject({ body: "b".repeat(1_000), truncated: false });
  });

  it("caps at 64 KiB by default", async () => {
    receiver.respondWith((_request, response) => void response.end("c".repeat(100_000)));
    const response = await sendOutbound({ url: receiver.url, method: "GET", timeoutMs: 5_000 }, ALLOW_PRIVATE);
    expect(response.body).toHaveLength(65_536);
    expect(response.truncated).toBe(true);
  });

  it("times out on a receiver that never answers, within the timeout", async () => {
    receiver.respondWith(() => undefined);
    const started = Date.now();
    const error = await failureOf({ url: receiver.url, method: "POST", body: "{}", timeoutMs: 300 });
    expect(error.code).toBe("TIMEOUT");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(800);
    expect(error.durationMs).toBeGreaterThanOrEqual(290);
    expectEverySocketDestroyed();
  });

  it("times out on a body that drips in slowly, and hangs up on it", async () => {
    const { responder, closed } = dripForever();
    receiver.respondWith(responder);
    const started = Date.now();
    const error = await failureOf({ url: receiver.url, method: "GET", timeoutMs: 400 });
    expect(error.code).toBe("TIMEOUT");
    expect(Date.now() - started).toBeLessThan(900);
    expectEverySocketDestroyed();
    await closed;
  });

  it("stops when the signal aborts, mid-body included", async () => {
    const { responder, closed } = dripForever();
    receiver.respondWith(responder);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const error = await failureOf({ url: receiver.url, method: "GET", timeoutMs: 10_000, signal: controller.signal });
    expect(error.code).toBe("ABORTED");
    expect(Date.now() - started).toBeLessThan(1_000);
    expectEverySocketDestroyed();
    await closed;
  });

  it("does not start with a signal that is already aborted", async () => {
    const error = await failureOf({ url: receiver.url, method: "POST", timeoutMs: 5_000, signal: AbortSignal.abort() });
    expect(error.code).toBe("ABORTED");
    expect(sockets).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("reports a refused connection as CONNECTION_FAILED", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (address === null || typeof address === "string") throw new Error("no port");
    const error = await failureOf({ url: `http://127.0.0.1:${address.port}/`, method: "POST", timeoutMs: 5_000 });
    expect(error.code).toBe("CONNECTION_FAILED");
    expect(error.message).toContain("ECONNREFUSED");
    expectEverySocketDestroyed();
  });

  it("reports a connection dropped mid-response as CONNECTION_FAILED", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(200, { "Content-Length": "1000" });
      response.write("partial");
      setTimeout(() => response.socket?.destroy(), 50);
    });
    const error = await failureOf({ url: receiver.url, method: "GET", timeoutMs: 5_000 });
    expect(error.code).toBe("CONNECTION_FAILED");
    expectEverySocketDestroyed();
  });

  it("refuses the same receiver when private destinations are not allowed", async () => {
    const error = await failureOf({ url: receiver.url, method: "POST", body: "{}", timeoutMs: 5_000 }, { allowPrivate: false });
    expect(error.code).toBe("BLOCKED_DESTINATION");
    expect(error.message).toBe("127.0.0.1 is a loopback address.");
    expect(sockets).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it("reaches localhost through the system resolver when private destinations are allowed", async () => {
    const { port } = new URL(receiver.url);
    const response = await sendOutbound({ url: `http://localhost:${port}/via-name`, method: "GET", timeoutMs: 5_000 }, ALLOW_PRIVATE);
    expect(response.status).toBe(200);
    const [received] = await receiver.waitForRequests(1);
    expect(received?.headers.host).toBe(`localhost:${port}`);
  });

  it("connects to the address it checked, without looking the name up again", async () => {
    const { port } = new URL(receiver.url);
    let lookups = 0;
    // A rebinding resolver: loopback the first time, the metadata address after that.
    const hooks: OutboundTestHooks = {
      resolveHost: async (): Promise<LookupAddress[]> => {
        lookups += 1;
        return [{ address: lookups === 1 ? "127.0.0.1" : "169.254.169.254", family: 4 }];
      },
    };
    const response = await sendOutbound({ url: `http://hooks.example.test:${port}/pinned`, method: "POST", body: "{}", timeoutMs: 5_000 }, ALLOW_PRIVATE, hooks);
    expect(response.status).toBe(200);
    expect(lookups).toBe(1);
    const [received] = await receiver.waitForRequests(1);
    expect(received?.headers.host).toBe(`hooks.example.test:${port}`);
    expect(received?.path).toBe("/pinned");
  });

  it("sends the URL's host name as the TLS server name while connecting to the checked address", async () => {
    const serverNames: string[] = [];
    const tlsServer = createTlsServer({
      SNICallback: (serverName, callback) => {
        serverNames.push(serverName);
        callback(new Error("no certificate in this test"), undefined);
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const address = tlsServer.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    try {
      const hooks: OutboundTestHooks = { resolveHost: async () => [{ address: "127.0.0.1", family: 4 }] };
      const error = await failureOf({ url: `https://secure.example.test:${address.port}/`, method: "GET", timeoutMs: 5_000 }, ALLOW_PRIVATE, hooks);
      expect(error.code).toBe("CONNECTION_FAILED");
      expect(serverNames).toEqual(["secure.example.test"]);
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });

  it("rejects a header value with a line break before sending anything", async () => {
    const error = await sendOutbound(
      { url: receiver.url, method: "POST", headers: { "X-Note": "a\r\nX-Injected: 1" }, body: "{}", timeoutMs: 5_000 },
      ALLOW_PRIVATE,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(receiver.received).toHaveLength(0);
    expect(sockets).toHaveLength(0);
  });
});

describe("sendOutbound's keep-alive connections", () => {
  const get = (url: string, hooks: OutboundTestHooks = {}) => sendOutbound({ url, method: "GET", timeoutMs: 10_000 }, ALLOW_PRIVATE, hooks);

  it("sends consecutive requests to one checked address over one connection", async () => {
    for (const path of ["/a", "/b", "/c"]) expect((await get(`${receiver.url}${path}`)).status).toBe(200);
    expect(receiver.received.map((request) => request.path)).toEqual(["/a", "/b", "/c"]);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.destroyed).toBe(false);
  });

  it("opens a new connection when the host's check now gives another address", async () => {
    const { port } = new URL(receiver.url);
    let lookups = 0;
    // The receiver listens on 127.0.0.1 only, so reaching it the second time would mean the
    // connection checked for the first address was reused.
    const hooks: OutboundTestHooks = {
      resolveHost: async () => [{ address: (lookups += 1) === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }],
    };
    expect((await get(`http://hooks.example.test:${port}/first`, hooks)).status).toBe(200);
    const error = await sendOutbound({ url: `http://hooks.example.test:${port}/second`, method: "GET", timeoutMs: 5_000 }, ALLOW_PRIVATE, hooks).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: "CONNECTION_FAILED" });
    expect(receiver.received.map((request) => request.path)).toEqual(["/first"]);
  });

  it("sends again on a new connection when the receiver drops a pooled one", async () => {
    // Each connection serves one request; a second request on it is dropped unanswered, like a
    // receiver closing an idle connection just as it is reused.
    const served = new WeakSet<object>();
    receiver.respondWith((_request, response) => {
      const socket = response.socket;
      if (socket === null) return;
      if (served.has(socket)) return void socket.destroy();
      served.add(socket);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"ok":true}');
    });
    expect((await get(`${receiver.url}/one`)).status).toBe(200);
    const response = await get(`${receiver.url}/two`);
    expect(response).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(receiver.received.map((request) => request.path)).toEqual(["/one", "/two", "/two"]);
    expect(sockets).toHaveLength(2);
  });

  it("keeps a connection busy past the idle time, and closes it once idle that long", async () => {
    receiver.respondWith((_request, response) => {
      setTimeout(() => response.end("late"), IDLE_CONNECTION_MS + 300);
    });
    expect(await get(receiver.url)).toMatchObject({ status: 200, body: "late" });
    expect(sockets[0]?.destroyed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS + 300));
    expect(sockets[0]?.destroyed).toBe(true);
  }, 20_000);
});
