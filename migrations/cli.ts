/**
 * tsx migrations/cli.ts up|down|latest|reset
 *
 *   up      apply the next pending migration
 *   down    undo the most recent migration
 *   latest  apply every pending migration
 *   reset   undo every migration, then apply them all again
 *
 * Reads only the shared settings (DATABASE_URL), so it works before the rest of the
 * configuration is complete.
 */
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { CommonConfigSchema, loadConfigOrExit } from "../core/config.js";
import { type MigrationOutcome, migrateAllDown, migrateDown, migrateToLatest, migrateUp } from "./run.js";

const COMMANDS = {
  up: migrateUp,
  down: migrateDown,
  latest: migrateToLatest,
  reset: async <DB>(db: Kysely<DB>): Promise<MigrationOutcome> => {
    const down = await migrateAllDown(db);
    const up = await migrateToLatest(db);
    return { applied: [...down.applied, ...up.applied] };
  },
} as const;

const command = process.argv[2];
if (!command || !Object.hasOwn(COMMANDS, command)) {
  process.stderr.write(`usage: tsx migrations/cli.ts ${Object.keys(COMMANDS).join("|")}\n`);
  process.exit(2);
}

const url = loadConfigOrExit(CommonConfigSchema, "migrate").DATABASE_URL;
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });

try {
  const { applied } = await COMMANDS[command as keyof typeof COMMANDS](db);
  if (applied.length === 0) process.stdout.write("nothing to do\n");
  for (const { name, direction } of applied) process.stdout.write(`${direction === "Up" ? "applied " : "reverted"} ${name}\n`);
} catch (error) {
  process.stderr.write(`migrate ${command}: ${describe(error, url)}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

function describe(error: unknown, databaseUrl: string): string {
  const root = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (root as { code?: unknown } | null)?.code;
  const database = safeDatabaseName(databaseUrl);
  if (code === "3D000") return `database "${database}" does not exist; \`npm start\` creates it (or run: createdb ${database}).`;
  if (code === "ECONNREFUSED") return `cannot reach PostgreSQL for database "${database}" (connection refused); is it running?`;
  return error instanceof Error ? error.message : String(error);
}

function safeDatabaseName(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || "(default)";
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}
