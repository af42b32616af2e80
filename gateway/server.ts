import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { GatewayConfig } from "../core/config.js";
import { createDb, type Database } from "../core/db/client.js";
import type { Logger } from "../core/logger.js";
import { createRedis, type Redis } from "../core/redis.js";
import { createApp } from "./app.js";

export interface RunningGateway {
  url: string;
  server: Server;
  db: Database;
  redis: Redis;
  /** Stops accepting connections, lets in-flight requests finish, then closes the stores. */
  shutdown: () => Promise<void>;
}

export async function startGateway(config: GatewayConfig, logger: Logger): Promise<RunningGateway> {
  const db = createDb({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: "sluice-gateway" });
  const redis = createRedis(config.REDIS_URL, "client", { keyPrefix: config.REDIS_KEY_PREFIX });
  redis.on("error", (error) => logger.warn({ err: error }, "redis connection error"));

  let shuttingDown = false;
  const app = await createApp({ config, db, redis, logger, isShuttingDown: () => shuttingDown });

  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, () => resolve(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;

  const shutdown = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("gateway shutting down: finishing in-flight requests");
    await closeServer(server, config.SHUTDOWN_TIMEOUT_MS, logger);
    await Promise.allSettled([db.destroy(), redis.quit()]);
    logger.info("gateway stopped");
  };

  return { url, server, db, redis, shutdown };
}

/** server.close() waits for active requests; idle keep-alive sockets are closed at once. */
async function closeServer(server: Server, timeoutMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    logger.warn({ timeoutMs }, "shutdown timeout reached: closing remaining connections");
    server.closeAllConnections();
  }, timeoutMs);
  // Connections that finish a request while closing are idle again: close them too.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  await closed;
  clearTimeout(timer);
  clearInterval(sweep);
}
