import { describe, expect, it } from "vitest";
import { databaseUrl, dropDatabase, withAdminClient } from "../testing/database.js";
import { baseTestConfig, randomSuffix } from "../testing/environment.js";
import { PreflightError, checkPostgres, checkRedis, ensureDatabase } from "./preflight.js";

describe("npm start preflight", () => {
  it("explains how to start PostgreSQL when it cannot be reached", async () => {
    const attempt = checkPostgres("postgres://postgres@127.0.0.1:1/sluice");
    await expect(attempt).rejects.toThrow(PreflightError);
    await expect(attempt).rejects.toThrow(/PostgreSQL is not reachable at 127\.0\.0\.1:1 \(connect ECONNREFUSED.*\n.*docker compose up -d postgres redis/);
  });

  it("explains how to start Redis when it cannot be reached", async () => {
    await expect(checkRedis("redis://127.0.0.1:1")).rejects.toThrow(/Redis is not reachable at 127\.0\.0\.1:1 \(connect ECONNREFUSED/);
  });

  it("passes when both answer", async () => {
    const config = baseTestConfig();
    await expect(checkPostgres(config.DATABASE_URL)).resolves.toBeUndefined();
    await expect(checkRedis(config.REDIS_URL)).resolves.toBeUndefined();
  });

  it("creates a missing database once", async () => {
    const name = `sluice_preflight_${randomSuffix()}`;
    const url = databaseUrl(baseTestConfig().DATABASE_URL, name);
    try {
      expect(await ensureDatabase(url)).toBe(true);
      expect(await ensureDatabase(url)).toBe(false);
    } finally {
      await withAdminClient((client) => dropDatabase(client, name));
    }
  });
});
