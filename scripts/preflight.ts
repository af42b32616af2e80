import pg from "pg";
import { Redis } from "ioredis";

/** A connection problem explained to a person, with the command that fixes it. */
export class PreflightError extends Error {}

const START_HINT = "Start them with `docker compose up -d postgres redis` (or your system's service manager).";

function describeServer(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith("redis") ? "6379" : "5432")}`;
}

export async function checkPostgres(databaseUrl: string): Promise<void> {
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new PreflightError(
      `PostgreSQL is not reachable at ${describeServer(databaseUrl)} (${(error as Error).message}).\n${START_HINT}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3_000 });
  let cause: Error | undefined;
  redis.on("error", (error: Error) => (cause ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const reason = (cause ?? (error as Error)).message;
    throw new PreflightError(`Redis is not reachable at ${describeServer(redisUrl)} (${reason}).\n${START_HINT}`);
  } finally {
    redis.disconnect();
  }
}

/** Creates the application database when the server has none by that name. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}
