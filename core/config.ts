import { existsSync } from "node:fs";
import { parseEnv } from "node:util";
import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * One zod-parsed configuration per process. Nothing else reads `process.env`.
 * `.env` (if present) fills in what the real environment does not set.
 */
const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

function parseClusterNodes(list: string): { host: string; port: number }[] {
  return list.split(",").map((node) => {
    const at = node.lastIndexOf(":");
    return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
  });
}

/** Settings every process shares; the migration CLI needs no more than these. */
export const CommonConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Human-readable single-line logs (development terminals); JSON lines otherwise. */
  LOG_PRETTY: booleanString.default(false),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default("postgres://postgres@127.0.0.1:5432/sluice"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default("redis://127.0.0.1:6379"),
  /**
   * Redis Cluster seed nodes, `host:port,host:port,...`; when set, every process speaks to the
   * cluster and REDIS_URL lends it only its username, password and TLS (`rediss://`).
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}(,[\w.-]+:\d{1,5})*$/, "a comma-separated list of host:port")
    .transform(parseClusterNodes)
    .optional(),
  /** Prefix of every Redis key this deployment owns; lets tests and tenants share a server. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:{}-]*$/).default("sluice:"),
  /** Outgoing mail server (smtp:// or smtps://); without it, development mail goes to the outbox table. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default("Sluice <no-reply@sluice.local>"),
  /** The product's name in e-mails and page titles. */
  PRODUCT_NAME: z.string().min(1).default("Sluice"),
  /** Where datasets live (uploads, Parquet files); shared storage when gateways and engines are on several hosts. */
  DATA_DIR: z.string().min(1).default("data"),
  /** BullMQ prefix; hash-tagged so every queue key lands on one Redis Cluster slot. */
  QUEUE_PREFIX: z.string().regex(/^[\w:{}-]+$/).default("{sluice}"),
});

/** Shared by the gateway's /metrics and the engine's metrics server. */
const MetricsTokenSetting = {
  /** When set, /metrics requires `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
};

/**
 * The payment provider, for the gateway (checkout, reconciliation) and the engine (expiring
 * pending orders with CancelOrder); both processes must be given the same values.
 */
const PaymentProviderSettings = {
  /** Payment provider: "sandbox" (a local imitation of Pesapal inside the gateway; refused in production) or "pesapal". */
  PAYMENT_PROVIDER: z.enum(["sandbox", "pesapal"]).default("sandbox"),
  /** Pesapal API base; empty means the sandbox at PUBLIC_URL/sandbox/pesapal, or https://pay.pesapal.com/v3 for "pesapal". */
  PESAPAL_BASE_URL: z.url().optional(),
  /** Pesapal API credentials (the sandbox accepts its own development pair by default). */
  PESAPAL_CONSUMER_KEY: z.string().min(1).default("sandbox-consumer-key"),
  PESAPAL_CONSUMER_SECRET: z.string().min(1).default("sandbox-consumer-secret"),
};
export type PaymentProviderConfig = { PAYMENT_PROVIDER: "sandbox" | "pesapal"; PESAPAL_BASE_URL?: string | undefined; PUBLIC_URL: string };

/**
 * Where datasets are stored (DESIGN.md section 8), for the gateway (uploads, deletion) and the
 * engine (ingest, analyses); both processes must be given the same values. "filesystem" keeps
 * them under DATA_DIR (shared storage on several hosts); "s3" in a bucket of S3-compatible
 * object storage, with DATA_DIR as each process's local scratch.
 */
const DatasetStorageSettings = {
  DATASET_STORAGE: z.enum(["filesystem", "s3"]).default("filesystem"),
  /** The S3 endpoint (MinIO, R2, a local server); unset means AWS's endpoint for the region. */
  DATASET_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  DATASET_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "an S3 bucket name").optional(),
  DATASET_S3_REGION: z.string().min(1).default("us-east-1"),
  /** Credentials; outside production, unset means the AWS SDK's default chain (environment, profile, instance role). */
  DATASET_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  DATASET_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address buckets as endpoint/bucket instead of bucket.endpoint (MinIO and most local servers need it). */
  DATASET_S3_FORCE_PATH_STYLE: booleanString.default(false),
};
export type DatasetStorageConfig = { DATA_DIR: string } & z.infer<z.ZodObject<typeof DatasetStorageSettings>>;

/** Object storage needs a bucket, and credentials in pairs (in production, always). */
function requireS3Settings(config: DatasetStorageConfig & { NODE_ENV: string }, context: z.RefinementCtx): void {
  if (config.DATASET_STORAGE !== "s3") return;
  if (!config.DATASET_S3_BUCKET) context.addIssue({ code: "custom", path: ["DATASET_S3_BUCKET"], message: "DATASET_S3_BUCKET is required when DATASET_STORAGE=s3" });
  const credentials = [["DATASET_S3_ACCESS_KEY_ID", config.DATASET_S3_ACCESS_KEY_ID], ["DATASET_S3_SECRET_ACCESS_KEY", config.DATASET_S3_SECRET_ACCESS_KEY]] as const;
  const given = credentials.filter(([, value]) => value !== undefined).length;
  if (given === 2 || (given === 0 && config.NODE_ENV !== "production")) return;
  for (const [name, value] of credentials) {
    if (value === undefined) context.addIssue({ code: "custom", path: [name], message: `${name} is required when DATASET_STORAGE=s3${given === 0 ? " in production" : " (the credentials come in a pair)"}` });
  }
}

/** The sandbox imitates the payment provider: in production it would hand out free plans. */
function refuseSandboxInProduction(config: { NODE_ENV: string; PAYMENT_PROVIDER: string }, context: z.RefinementCtx): void {
  if (config.NODE_ENV === "production" && config.PAYMENT_PROVIDER === "sandbox") {
    context.addIssue({ code: "custom", path: ["PAYMENT_PROVIDER"], message: "the sandbox payment provider is refused in production" });
  }
}

export const GatewayConfigSchema = CommonConfigSchema.extend({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  PORTAL_DIST_DIR: z.string().min(1).default("portal/dist"),
  /** Largest JSON body accepted, in bytes. */
  MAX_JSON_BODY_BYTES: z.coerce.number().int().min(1_024).default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** A client has this long to send a request's headers (slowloris), in ms. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** A client has this long to send a whole request, body included: the bound of dataset uploads, the largest, in ms. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** Every other request body (JSON, forms) must have arrived this long after its headers, and an upload may not stall this long, or the answer is 408 (ms). */
  REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Event ids remembered per stream for idempotency: the last this many, within 24 hours (about 90 bytes of Redis each). */
  STREAM_EVENT_IDS_KEPT: z.coerce.number().int().min(1).default(100_000),
  /** Signs access tokens (HS256); at least 32 characters, secret. */
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").default("development-only-jwt-secret-change-me-0000"),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** GitHub's OAuth endpoints; tests point them at a local stand-in. */
  GITHUB_OAUTH_URL: z.url().default("https://github.com"),
  GITHUB_API_URL: z.url().default("https://api.github.com"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's OAuth endpoints; tests point them at a local stand-in. */
  GOOGLE_AUTHORIZE_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  /** How long a metered request waits for Redis before deciding without it (ms). */
  METER_REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(300),
  /** When Redis is unreachable, /v1 admits by an in-process rate limit (open) or answers 503 (closed). */
  RATE_LIMIT_FAIL_MODE: z.enum(["open", "closed"]).default("open"),
  ...MetricsTokenSetting,
  ...PaymentProviderSettings,
  /** How long /v1/data/analyze and /v1/data/clean wait to answer inline before answering 202 (ms). */
  ANALYSIS_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Trust X-Forwarded-For from a reverse proxy for the client address. */
  TRUST_PROXY: booleanString.default(false),
  ...DatasetStorageSettings,
}).superRefine((config, context) => {
  refuseSandboxInProduction(config, context);
  requireS3Settings(config, context);
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

export const EngineConfigSchema = CommonConfigSchema.extend({
  /** Milliseconds between liveness heartbeats written to Redis. */
  HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** How long shutdown waits for running jobs before abandoning them to another engine (ms). */
  JOB_DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Most jobs one worker runs at once in this process; each worker's own limit applies below it
   * (engine/workers.ts: 32 for workflow runs and webhook deliveries, which wait on outside calls).
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /**
   * Lets outbound calls (webhooks, http_request, chat messages) reach private, loopback and
   * link-local addresses. Off in production; on for local development and tests only.
   */
  OUTBOUND_ALLOW_PRIVATE: booleanString.default(false),
  /** Analytics worker processes per engine, each with one DuckDB instance (DESIGN.md section 8, "Isolation"). */
  ANALYTICS_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** DuckDB threads per analytics worker process. */
  DUCKDB_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /** DuckDB memory limit per analytics worker process (DuckDB's syntax, e.g. 1GB). */
  DUCKDB_MEMORY_LIMIT: z.string().regex(/^\d+(\.\d+)?\s?(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, "e.g. 1GB or 512MB").default("1GB"),
  /** Longest an analysis, cleaning or ingest job may run before it fails (ms). */
  ANALYSIS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** The gateway's public URL, for links in e-mails the engine sends (same value as the gateway's). */
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  /** Where the status probe finds the gateway's /healthz when not at PUBLIC_URL (e.g. http://gateway:3000 in docker-compose). */
  STATUS_PROBE_GATEWAY_URL: z.url().optional(),
  /** Longest a workflow execution may run, not counting time asleep in delay steps (ms). */
  WORKFLOW_EXECUTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(900_000),
  /** How often each engine checks that the recurring jobs' schedulers exist (re-created after Redis lost its data) (ms). */
  SCHEDULE_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * Lock of every running job, renewed every sixth of it; a dead engine's jobs are taken over
   * elsewhere within about 7/6 of it, and a live engine keeps its jobs through event-loop
   * stalls of up to about 5/6 of it (ms). See docs/decisions/0035-takeover-by-short-job-locks.md.
   */
  JOB_LOCK_MS: z.coerce.number().int().min(500).default(6_000),
  /** Serve Prometheus metrics (queues, executions, steps, deliveries, analyses, process) at /metrics. */
  ENGINE_METRICS_ENABLED: booleanString.default(true),
  /** Address of the engine's metrics server; 0.0.0.0 to let a scraper on another host reach it. */
  ENGINE_METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Port of the engine's metrics server; 0 picks a free one (logged at boot). */
  ENGINE_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  ...MetricsTokenSetting,
  /** Delays before each retry of a failed webhook delivery (ms, comma-separated, jittered); one retry per entry. */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "a comma-separated list of milliseconds")
    .default("0,5000,300000,1800000,7200000,18000000,36000000,36000000")
    .transform((value) => value.split(",").map(Number)),
  /** How long webhook events and their delivery logs are kept, and a deleted endpoint stays readable (days). */
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  ...PaymentProviderSettings,
  ...DatasetStorageSettings,
}).superRefine((config, context) => {
  refuseSandboxInProduction(config, context);
  requireS3Settings(config, context);
  // Without SMTP, production e-mail (confirmations, resets) would never leave the outbox.
  if (config.NODE_ENV === "production" && !config.SMTP_URL) {
    context.addIssue({ code: "custom", path: ["SMTP_URL"], message: "SMTP_URL is required in production" });
  }
});
export type EngineConfig = z.infer<typeof EngineConfigSchema>;

export const SeedConfigSchema = CommonConfigSchema.extend({
  ADMIN_EMAIL: z.email().default("admin@sluice.local"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").default("change-me-admin"),
});
export type SeedConfig = z.infer<typeof SeedConfigSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/** The process environment over the `.env` file of the working directory, if any. */
export function readEnvironment(cwd: string = process.cwd()): Env {
  const file = `${cwd}/.env`;
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  return { ...fromFile, ...process.env };
}

/** Parses the whole configuration, collecting every problem before failing. */
export function parseConfig<S extends z.ZodType>(schema: S, env: Env): z.infer<S> {
  const emptyAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(emptyAsUnset);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "(env)"}: ${i.message}`));
  }
  assertProductionSafe(result.data as Record<string, unknown>);
  return result.data;
}

const DEVELOPMENT_ONLY_DEFAULTS: Record<string, string> = {
  PESAPAL_CONSUMER_KEY: "sandbox-consumer-key",
  PESAPAL_CONSUMER_SECRET: "sandbox-consumer-secret",
  ADMIN_PASSWORD: "change-me-admin",
  JWT_SECRET: "development-only-jwt-secret-change-me-0000",
};

function assertProductionSafe(config: Record<string, unknown>): void {
  if (config.NODE_ENV !== "production") return;
  const problems = Object.entries(DEVELOPMENT_ONLY_DEFAULTS)
    .filter(([key, unsafe]) => config[key] === unsafe)
    .map(([key]) => `${key}: the development default must not be used in production`);
  // The pretty-printer is a development dependency: production installs it not, and logs JSON lines.
  if (config.LOG_PRETTY === true) problems.push("LOG_PRETTY: production logs JSON lines (the pretty-printer is not installed in production)");
  if (problems.length) throw new ConfigError(problems);
}

/** Loads a process's configuration, or prints every problem and exits. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, processName: string): z.infer<S> {
  try {
    return parseConfig(schema, readEnvironment());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${processName}: ${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
}
