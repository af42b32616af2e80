import { Cluster, Redis as SingleRedis, type ClusterOptions, type RedisOptions } from "ioredis";

/** A connection to the deployment's Redis: one server, or a Redis Cluster (REDIS_CLUSTER_NODES). */
export type Redis = SingleRedis | Cluster;
export type { SingleRedis };

/** The settings that say where Redis is (core/config.ts). */
export interface RedisSettings {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: { host: string; port: number }[] | undefined;
}

/**
 * Redis connections by role:
 * - `worker`: BullMQ workers block on Redis; they must retry forever (maxRetriesPerRequest null).
 * - `producer`: enqueues from request handlers fail fast instead of queueing while Redis is away.
 * - `client`: counters and cache invalidation on the request path; short command timeout.
 */
export type RedisRole = "worker" | "producer" | "client";

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  worker: { maxRetriesPerRequest: null, enableReadyCheck: true },
  producer: { maxRetriesPerRequest: 1, enableOfflineQueue: false },
  // No auto-pipelining: the metered path batches its requests itself (one script run per account
  // and turn of the event loop), and deferring every command to a shared pipeline doubled the
  // round trip's p99 under load.
  client: { maxRetriesPerRequest: 1, commandTimeout: 300, enableOfflineQueue: false },
};

const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);

/** A connection to the one Redis server at `url` (tests and tools that start their own). */
export function createRedis(url: string, role: RedisRole, options: RedisOptions = {}): SingleRedis {
  return new SingleRedis(url, {
    connectionName: `sluice-${role}`,
    lazyConnect: false,
    retryStrategy,
    ...ROLE_OPTIONS[role],
    ...options,
  });
}

/** A connection to the deployment's Redis: a cluster client when REDIS_CLUSTER_NODES is set. */
export function connectRedis(settings: RedisSettings, role: RedisRole, options: RedisOptions = {}): Redis {
  const nodes = settings.REDIS_CLUSTER_NODES;
  if (!nodes) return createRedis(settings.REDIS_URL, role, options);
  return new Cluster(nodes, clusterOptions(settings.REDIS_URL, { ...ROLE_OPTIONS[role], ...options }, role));
}

/**
 * Splits a single-server option set into the cluster's own options and those of each node's
 * connection. REDIS_URL lends every node its username, password and TLS.
 * - `scaleReads: "master"`: counters are read right after they are written (quota checks,
 *   refunds, the usage flush); a replica lags asynchronously, so reads stay on the primaries.
 * - `enableOfflineQueue` is the cluster's (a node's own queue never applies): off for the
 *   request path, which decides without Redis rather than wait while slots are being found.
 * - the retry strategy becomes `clusterRetryStrategy`: reconnecting to the whole cluster.
 */
function clusterOptions(url: string, options: RedisOptions, role: RedisRole): ClusterOptions {
  const { keyPrefix, enableOfflineQueue, lazyConnect, retryStrategy: retry, enableReadyCheck, ...nodeOptions } = options;
  const credentials = new URL(url);
  return {
    scaleReads: "master",
    keyPrefix,
    enableOfflineQueue: enableOfflineQueue ?? true,
    enableReadyCheck: enableReadyCheck ?? true,
    lazyConnect: lazyConnect ?? false,
    clusterRetryStrategy: retry ?? retryStrategy,
    redisOptions: {
      connectionName: `sluice-${role}`,
      ...(credentials.username ? { username: decodeURIComponent(credentials.username) } : {}),
      ...(credentials.password ? { password: decodeURIComponent(credentials.password) } : {}),
      ...(credentials.protocol === "rediss:" ? { tls: {} } : {}),
      ...nodeOptions,
    },
  };
}

/** A second connection like `redis` (a blocking or subscribing one), with `options` changed. */
export function duplicateRedis(redis: Redis, options: RedisOptions = {}): Redis {
  if (!(redis instanceof Cluster)) return redis.duplicate(options);
  const { enableOfflineQueue, ...nodeOptions } = options;
  return redis.duplicate([], {
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    redisOptions: { ...redis.options.redisOptions, ...nodeOptions },
  });
}

/** `text` with SCAN's glob characters escaped, so it matches only itself. */
export const escapeGlob = (text: string) => text.replace(/[*?[\]\\{}]/g, "\\$&");

/**
 * Every key matching `pattern` (a SCAN glob, prefix included). A cluster's SCAN sees one node's
 * keys only, so each primary is scanned in turn.
 */
export async function scanKeys(redis: Redis, pattern: string, count = 1_000): Promise<string[]> {
  // A cluster knows its primaries only once it has read the slot map (its startup connections close).
  if (redis instanceof Cluster) await waitForRedis(redis);
  const servers = redis instanceof Cluster ? redis.nodes("master") : [redis];
  const found: string[] = [];
  for (const server of servers) {
    let cursor = "0";
    do {
      const [next, keys] = await server.scan(cursor, "MATCH", pattern, "COUNT", count);
      cursor = next;
      found.push(...keys);
    } while (cursor !== "0");
  }
  return found;
}

/** Resolves once the connection is ready, or rejects after `timeoutMs`. */
export async function waitForRedis(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off("ready", onReady);
    };
    redis.on("ready", onReady);
  });
}
