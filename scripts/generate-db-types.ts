/**
 * Regenerates core/db/types.ts from the migrations: creates a scratch database, migrates it to
 * the latest version, runs kysely-codegen against it and drops it again.
 *
 *   tsx scripts/generate-db-types.ts [--verify] [--server postgres://user@host:port]
 *
 * --verify  fails (exit 1) when core/db/types.ts is out of date instead of rewriting it.
 * --server  the PostgreSQL server to use (default: the server of DATABASE_URL); the
 *           scratch database sluice_types_<pid> is created there.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { CommonConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { migrateToLatest } from "../migrations/run.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT_FILE = "core/db/types.ts";
// Match the pg type parsers installed by core/db/client.ts: int8 is parsed to a number and
// date stays a "YYYY-MM-DD" string. Change both together.
const TYPE_FLAGS = ["--date-parser", "string", "--type-mapping", JSON.stringify({ int8: "number" })];

const { values } = parseArgs({
  options: {
    verify: { type: "boolean", default: false },
    server: { type: "string", default: parseConfig(CommonConfigSchema, readEnvironment()).DATABASE_URL },
  },
});

const scratchName = `sluice_types_${process.pid}`;
const serverUrl = new URL(values.server);
const adminUrl = withDatabase(serverUrl, "postgres");
const scratchUrl = withDatabase(serverUrl, scratchName);

await withAdmin((admin) => admin.query(`create database ${scratchName}`));
try {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scratchUrl, max: 1 }) }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const args = ["kysely-codegen", "--dialect", "postgres", ...TYPE_FLAGS, "--url", scratchUrl, "--out-file", OUT_FILE];
  if (values.verify) args.push("--verify");
  const codegen = spawnSync("npx", args, { cwd: ROOT, stdio: "inherit" });
  if (codegen.status !== 0) {
    process.exitCode = 1;
    process.stderr.write(values.verify ? `${OUT_FILE} is out of date; run npm run db:types\n` : "kysely-codegen failed\n");
  }
} finally {
  await withAdmin((admin) => admin.query(`drop database if exists ${scratchName} with (force)`));
}

async function withAdmin(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

function withDatabase(server: URL, database: string): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}
