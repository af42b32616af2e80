import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createDb, type Database } from "../core/db/client.js";
import { seedPlanCatalogue } from "../core/db/seed.js";
import { migrateToLatest } from "../migrations/run.js";
import { baseTestConfig, randomSuffix } from "./environment.js";

/**
 * The migrated template test databases are cloned from. SLUICE_TEST_TEMPLATE gives concurrent
 * test runs on one server (parallel work in separate checkouts) templates of their own.
 */
export const TEMPLATE_DATABASE = process.env.SLUICE_TEST_TEMPLATE ?? "sluice_test_template";

/** The server URL with another database name. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(baseTestConfig().DATABASE_URL, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops a database once its connections have gone. A pool's end() resolves before its sockets
 * finish closing, so a forced drop right away could kill a closing connection mid-goodbye (an
 * uncaught 57P01 in the test process); force is the last resort after a few seconds.
 */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; attempt <= 60; attempt++) {
    try {
      await client.query(`drop database if exists ${quote(name)}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006") throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await client.query(`drop database if exists ${quote(name)} with (force)`);
}

/** CREATE DATABASE ... TEMPLATE, retried while a concurrent clone holds the template (55006). */
export async function cloneDatabase(client: pg.Client, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`create database ${quote(name)} template ${quote(template)}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

/** Builds the migrated, catalogue-seeded template every test database is cloned from. */
export async function createTemplateDatabase(): Promise<void> {
  await withAdminClient(async (client) => {
    await dropDatabase(client, TEMPLATE_DATABASE);
    await client.query(`create database ${quote(TEMPLATE_DATABASE)}`);
  });
  const db = createDb({ url: databaseUrl(baseTestConfig().DATABASE_URL, TEMPLATE_DATABASE), poolSize: 1 });
  try {
    await migrateToLatest(db);
    await seedPlanCatalogue(db);
  } finally {
    await db.destroy();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  db: Database;
}

/**
 * A database of its own for a test file: a clone of the migrated template, or empty (for tests
 * of the migrations themselves). `drop` closes the pool and drops it.
 */
export async function createTestDatabase(
  from: "template" | "empty" = "template",
): Promise<TestDatabase & { drop: () => Promise<void> }> {
  const name = `sluice_test_${from === "empty" ? "e" : "t"}_${process.env.VITEST_POOL_ID ?? "0"}_${randomSuffix()}`;
  await withAdminClient(async (client) => {
    if (from === "template") await cloneDatabase(client, TEMPLATE_DATABASE, name);
    else await client.query(`create database ${quote(name)}`);
  });
  const url = databaseUrl(baseTestConfig().DATABASE_URL, name);
  const db = createDb({ url, poolSize: 4 });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.destroy();
      await withAdminClient((client) => dropDatabase(client, name));
    },
  };
}

/** Vitest hooks around createTestDatabase; read `.current` inside tests. */
export function useTestDatabase(from: "template" | "empty" = "template"): { current: TestDatabase } {
  const holder = {} as { current: TestDatabase };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const clone = await createTestDatabase(from);
    drop = clone.drop;
    holder.current = clone;
  });
  afterAll(async () => {
    await drop?.();
  });
  return holder;
}
