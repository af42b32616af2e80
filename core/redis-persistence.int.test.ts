import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../testing/redis-server.js";
import { createLogger } from "./logger.js";
import { createRedis, waitForRedis, type Redis } from "./redis.js";
import { readRedisPersistence, reportRedisPersistence } from "./redis-persistence.js";

const servers: Record<"none" | "aof" | "rdb", RedisServer | undefined> = { none: undefined, aof: undefined, rdb: undefined };
const connections: Redis[] = [];

beforeAll(async () => {
  [servers.none, servers.aof, servers.rdb] = await Promise.all([
    startRedisServer(),
    startRedisServer({ persistence: ["--appendonly", "yes", "--save", ""] }),
    startRedisServer({ persistence: ["--appendonly", "no", "--save", "3600 1"] }),
  ]);
});
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await Promise.all(Object.values(servers).map((server) => server?.stop()));
});

async function connect(which: keyof typeof servers, options: { username?: string; password?: string } = {}): Promise<Redis> {
  const server = servers[which];
  if (!server) throw new Error(`no ${which} server`);
  const redis = createRedis(server.url, "worker", options);
  // The server may still be starting: the first attempt can be refused before a retry connects.
  redis.on("error", () => undefined);
  connections.push(redis);
  await waitForRedis(redis, 10_000);
  return redis;
}

/** A user that may not run CONFIG, as managed Redis services set up their customers. */
async function connectWithoutConfig(which: keyof typeof servers): Promise<Redis> {
  const admin = await connect(which);
  await admin.call("ACL", "SETUSER", "managed", "on", "nopass", "~*", "&*", "+@all", "-config");
  return connect(which, { username: "managed", password: "any" });
}

function capturingLogger() {
  const lines: Array<{ level: string; msg: string; redis_persistence?: string }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", name: "t", destination }) };
}

describe("readRedisPersistence", () => {
  it("tells an append-only file, snapshots only, and neither apart", async () => {
    expect(await readRedisPersistence(await connect("aof"))).toBe("aof");
    expect(await readRedisPersistence(await connect("rdb"))).toBe("rdb");
    expect(await readRedisPersistence(await connect("none"))).toBe("none");
  });

  it("falls back to INFO when CONFIG is refused: the append-only file shows, the rest is unknown", async () => {
    const refused = await connectWithoutConfig("none");
    await expect(refused.config("GET", "appendonly")).rejects.toThrow(/NOPERM/);
    expect(await readRedisPersistence(refused)).toBe("unknown");
    expect(await readRedisPersistence(await connectWithoutConfig("aof"))).toBe("aof");
  });
});

describe("reportRedisPersistence", () => {
  it("warns in production when Redis has no persistence, naming the usage at risk", async () => {
    const { lines, logger } = capturingLogger();
    expect(await reportRedisPersistence(await connect("none"), logger, true)).toBe("none");
    expect(lines).toEqual([expect.objectContaining({ level: "warn", redis_persistence: "none" })]);
    expect(lines[0]?.msg).toMatch(/without persistence.*usage not yet flushed/);
  });

  it("only informs outside production, or when Redis persists", async () => {
    const { lines, logger } = capturingLogger();
    await reportRedisPersistence(await connect("none"), logger, false);
    await reportRedisPersistence(await connect("aof"), logger, true);
    expect(lines.map((line) => [line.level, line.redis_persistence])).toEqual([
      ["info", "none"],
      ["info", "aof"],
    ]);
  });
});
