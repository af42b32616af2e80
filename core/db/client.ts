import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { preparingPool } from "./prepared-statements.js";
import type { DB } from "./types.js";

export type Database = Kysely<DB>;

// int8 (counts, cents, bytes) as numbers: every value we store is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// Calendar dates stay "YYYY-MM-DD" strings: no time zone can shift them.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function createDb(options: { url: string; poolSize?: number; applicationName?: string }): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? "sluice",
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection lost (PostgreSQL restarted, a network cut) is reported as an 'error' event on
  // its client and on the pool, besides failing the query that was using it; the pool discards
  // it and opens a fresh one for the next query. Unlistened, those events would end the process.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}
