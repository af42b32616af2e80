import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

export interface ReceivedRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as UTF-8 text. */
  body: string;
  receivedAt: number;
}

/** What the receiver answers; the default is `answerOk`. */
export type Responder = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

/** 200 with `{"ok":true}`. */
export const answerOk: Responder = (_request, response) => {
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end('{"ok":true}');
};

/**
 * Never answers the first request to `path` per Idempotency-Key (the engine calling it dies
 * waiting); a repeat of it, and every other request, gets answerOk.
 */
export function hangFirstCallTo(path: string): Responder {
  const hung = new Set<string>();
  return (request, response) => {
    const key = String(request.headers["idempotency-key"]);
    if (request.path === path && !hung.has(key)) {
      hung.add(key);
      return;
    }
    return answerOk(request, response);
  };
}

export interface HttpReceiver {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  received: ReceivedRequest[];
  /** Replaces how requests are answered (status codes, delays, Retry-After, redirects...). */
  respondWith: (responder: Responder) => void;
  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  waitForRequests: (count: number, timeoutMs?: number) => Promise<ReceivedRequest[]>;
  close: () => Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (random port) standing in for webhook receivers, HTTP targets
 * and chat providers' incoming webhooks. It records every request with its exact body.
 */
export async function startHttpReceiver(): Promise<HttpReceiver> {
  const received: ReceivedRequest[] = [];
  let responder: Responder = answerOk;
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: ReceivedRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      received.push(entry);
      for (const wake of waiters.splice(0)) wake();
      Promise.resolve(responder(entry, response)).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith(next) {
      responder = next;
    },
    async waitForRequests(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} requests, received ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A receiver for a test file, started before its tests and closed after them. Before each test
 * it forgets what it received and answers with `responder` again. Read `.current` inside tests.
 */
export function useHttpReceiver(responder: Responder = answerOk): { current: HttpReceiver } {
  const holder = {} as { current: HttpReceiver };
  beforeAll(async () => {
    holder.current = await startHttpReceiver();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  beforeEach(() => {
    holder.current.received.length = 0;
    holder.current.respondWith(responder);
  });
  return holder;
}
