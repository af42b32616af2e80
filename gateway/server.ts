import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { GatewayConfig } from "../core/config.js";
import { createDb } from "../core/db/client.js";
import type { Logger } from "../core/logger.js";
import { createProducerQueues } from "../core/queues.js";
import { connectRedis } from "../core/redis.js";
import { reportRedisPersistence } from "../core/redis-persistence.js";
import { createApp } from "./app.js";
import { DefaultHeadersResponse } from "./http/node-bindings.js";

export interface Listening {
  url: string;
  server: Server;
  /** Stops accepting connections, lets in-flight requests finish, then runs `onClosed`. */
  shutdown: () => Promise<void>;
}

interface ListenOptions {
  host: string;
  port: number;
  /** Slow clients are cut off: headers within the first, the whole request within the second (default 15 s, 300 s). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  shutdownTimeoutMs: number;
  logger: Logger;
  /** Called when shutdown begins, before the listener closes (readiness turns false). */
  onShutdownStart?: () => void;
  onClosed?: () => Promise<void>;
}

export async function listen(fetch: (request: Request) => Response | Promise<Response>, options: ListenOptions): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const headersTimeout = options.headersTimeoutMs ?? 15_000;
    const serverOptions = {
      headersTimeout,
      requestTimeout: Math.max(options.requestTimeoutMs ?? 300_000, headersTimeout),
      // How often Node looks for connections past those timeouts (its default, 30 s, would let them linger).
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
      ServerResponse: DefaultHeadersResponse,
    };
    const started = serve({ fetch, hostname: options.host, port: options.port, serverOptions }, () => resolve(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;

  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= (async () => {
      options.onShutdownStart?.();
      options.logger.info("shutting down: finishing in-flight requests");
      await closeServer(server, options.shutdownTimeoutMs, options.logger);
      await options.onClosed?.();
      options.logger.info("stopped");
    })();
    return stopping;
  };
  return { url: `http://${host}:${port}`, server, shutdown };
}

/** server.close() waits for active requests; idle keep-alive sockets are closed as they appear. */
async function closeServer(server: Server, timeoutMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const timer = setTimeout(() => {
    logger.warn({ timeoutMs }, "shutdown timeout reached: closing remaining connections");
    server.closeAllConnections();
  }, timeoutMs);
  await closed;
  clearTimeout(timer);
  clearInterval(sweep);
}

/** The gateway process: stores, app and listener. */
export async function startGateway(config: GatewayConfig, logger: Logger): Promise<Listening> {
  const db = createDb({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "sluice-gateway" });
  const redis = connectRedis(config, "client", { keyPrefix: config.REDIS_KEY_PREFIX, commandTimeout: config.METER_REDIS_TIMEOUT_MS });
  const producer = connectRedis(config, "producer");
  const subscriber = connectRedis(config, "worker");
  for (const connection of [redis, producer, subscriber]) connection.on("error", (error) => logger.warn({ err: error }, "redis connection error"));
  // The gateway starts without waiting for Redis (it meters locally meanwhile): it reports once Redis answers.
  redis.once("ready", () => void reportRedisPersistence(redis, logger, config.NODE_ENV === "production"));
  const queues = createProducerQueues(producer, config.QUEUE_PREFIX, (error) => logger.warn({ err: error }, "queue error"));

  let shuttingDown = false;
  const app = await createApp({ config, db, redis, queues, plainRedis: producer, subscriber, logger, isShuttingDown: () => shuttingDown });
  return listen(app.fetch, {
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    logger,
    onShutdownStart: () => {
      shuttingDown = true;
    },
    onClosed: async () => {
      await queues.close();
      await Promise.allSettled([db.destroy(), redis.quit(), producer.quit(), subscriber.quit()]);
    },
  });
}
