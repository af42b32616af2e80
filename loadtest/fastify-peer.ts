import { createHash } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { z } from "zod";

/**
 * The peer of DESIGN.md section 13: what a Node developer would build instead of Sluice's metered
 * path, written the plain way. Fastify with @fastify/rate-limit on Redis (its own key prefix,
 * limited per account to the plan's per-minute limit, read from the key's record), and an API-key
 * lookup: the bearer key hashed with SHA-256 on every request, then an in-process cache with a
 * TTL over a PostgreSQL query, as Sluice's key cache does. It answers GET /v1/whoami with the
 * same JSON as Sluice. Run by the bench: `tsx loadtest/fastify-peer.ts <port>`.
 */
const EnvSchema = z.object({
  DATABASE_URL: z.url(),
  REDIS_URL: z.url(),
  /** The prefix of every rate-limit key, so the bench can delete them afterwards. */
  PEER_REDIS_PREFIX: z.string().min(1),
});
const env = EnvSchema.parse(process.env);
const port = Number(process.argv[2] ?? "0");

/** As long as Sluice's key cache keeps a record. */
const KEY_CACHE_TTL_MS = 30_000;

const KeyRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  mode: z.string(),
  permission: z.string(),
  monthly_cap: z.coerce.number().nullable(),
  package_name: z.string(),
  rate_limit_per_minute: z.coerce.number(),
});
type KeyRow = z.infer<typeof KeyRowSchema>;

const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
const keys = new Map<string, { row: KeyRow | null; expiresAt: number }>();

async function findKey(keyHash: Buffer): Promise<KeyRow | null> {
  const hex = keyHash.toString("hex");
  const cached = keys.get(hex);
  if (cached && cached.expiresAt > Date.now()) return cached.row;
  const { rows } = await pool.query(
    `select k.id, k.user_id, k.mode, k.permission, k.monthly_cap, p.package_name, p.rate_limit_per_minute
       from api_keys k
       join user_packages up on up.user_id = k.user_id
       join package_definitions p on p.package_name = up.package_name
      where k.key_hash = $1 and k.is_active and k.revoked_at is null`,
    [keyHash],
  );
  const row = rows[0] === undefined ? null : KeyRowSchema.parse(rows[0]);
  keys.set(hex, { row, expiresAt: Date.now() + KEY_CACHE_TTL_MS });
  return row;
}

declare module "fastify" {
  interface FastifyRequest {
    apiKey: KeyRow | null;
  }
}

// @fastify/rate-limit's README recommends these ioredis settings for a rate limiter.
const redis = new Redis(env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 });
const app = Fastify({ logger: false });
app.decorateRequest("apiKey", null);

// Authentication first, so the limit can be per account (the README's "after authentication").
app.addHook("onRequest", async (request, reply) => {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
  request.apiKey = bearer ? await findKey(createHash("sha256").update(bearer).digest()) : null;
  if (!request.apiKey) return reply.code(401).send({ error: "invalid API key" });
});

await app.register(rateLimit, {
  hook: "preHandler",
  redis,
  nameSpace: env.PEER_REDIS_PREFIX,
  timeWindow: 60_000,
  keyGenerator: (request) => request.apiKey?.user_id ?? request.ip,
  max: (request) => request.apiKey?.rate_limit_per_minute ?? 0,
});

app.get("/v1/whoami", async (request, reply) => {
  const key = request.apiKey;
  if (!key) return reply.code(401).send({ error: "invalid API key" });
  return { key: { id: key.id, mode: key.mode, permission: key.permission, monthly_cap: key.monthly_cap }, account: { id: key.user_id, package: key.package_name } };
});

await app.listen({ host: "127.0.0.1", port });
process.stdout.write(`listening ${port}\n`);
process.once("SIGTERM", () => {
  void app.close().then(async () => {
    await Promise.all([redis.quit(), pool.end()]);
    process.exit(0);
  });
});
