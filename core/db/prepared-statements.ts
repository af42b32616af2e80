import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

/** A statement text is prepared once it has run this many times... */
export const RUNS_BEFORE_PREPARED = 10;
/** ...while fewer than this many texts are prepared (each connection keeps its own plans). */
export const MAX_PREPARED_STATEMENTS = 500;
/** Texts counted at most; a process whose queries vary this much stops counting new ones. */
const MAX_COUNTED_TEXTS = 5_000;
/** PostgreSQL's answer when a prepared SELECT's columns changed under it (a migration). */
const RESULT_TYPE_CHANGED = "0A000";

/**
 * Which statement texts run as named prepared statements. PostgreSQL parses and plans an
 * unnamed statement on every run; the workflow bench measured planning at about 40 % of the
 * statements' time (pg_stat_statements). A text that keeps coming back, with parameters, gets a
 * name; node-postgres then parses it once per connection and PostgreSQL can reuse its plan.
 */
export class StatementNames {
  readonly #runs = new Map<string, number>();
  readonly #names = new Map<string, string>();
  readonly #refused = new Set<string>();

  nameFor(text: string, parameterCount: number): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || parameterCount === 0 || this.#refused.has(text)) return known;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < RUNS_BEFORE_PREPARED) {
      if (this.#runs.has(text) || this.#runs.size < MAX_COUNTED_TEXTS) this.#runs.set(text, runs);
      return undefined;
    }
    this.#runs.delete(text);
    if (this.#names.size >= MAX_PREPARED_STATEMENTS) return undefined;
    const name = `sluice_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  /** The text runs unnamed from now on (its prepared form failed where the plain one may not). */
  refuse(text: string): void {
    this.#names.delete(text);
    this.#refused.add(text);
  }

  get preparedCount(): number {
    return this.#names.size;
  }
}

function isResultTypeChange(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === RESULT_TYPE_CHANGED;
}

/** Kysely's view of a pg pool whose clients run recurring statements as prepared ones. */
export function preparingPool(pool: pg.Pool, names: StatementNames = new StatementNames()): PostgresPool {
  return {
    connect: async () => preparingClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}

function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  async function run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const values = [...parameters];
    const name = names.nameFor(text, values.length);
    if (name === undefined) return toResult(await client.query(text, values));
    try {
      return toResult(await client.query({ name, text, values }));
    } catch (error) {
      if (!isResultTypeChange(error)) throw error;
      // This connection's plan is stale; every connection runs the text unnamed from now on.
      names.refuse(text);
      return toResult(await client.query(text, values));
    }
  }
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(first: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely passes a cursor only to stream, which needs a `cursor` in the dialect: none is set.
    if (typeof first !== "string") throw new Error("Streaming query results is not configured.");
    return run<R>(first, parameters ?? []);
  }
  return { query, release: () => client.release() };
}

function toResult<R>(result: pg.QueryResult): PostgresQueryResult<R> {
  return result as unknown as PostgresQueryResult<R>;
}
