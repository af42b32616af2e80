import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { hashKey, parseKey } from "../core/keys/key-format.js";
import { createAccount } from "../testing/accounts.js";
import { useTestApp } from "../testing/gateway.js";
import { createKeyForEmail } from "./keys-create.js";
import { importKeys } from "./keys-import.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;

describe("keys:create", () => {
  it("prints a working key for an existing account and creates nothing else", async () => {
    const account = await createAccount(db());
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx/esm", "scripts/keys-create.ts", "--email", account.email, "--name", "load test", "--mode", "test", "--permission", "read"],
      { encoding: "utf8", env: { ...process.env, DATABASE_URL: testApp.current.database.url } },
    );
    expect(run.status, run.stderr).toBe(0);
    const secret = run.stdout.trim();
    expect(parseKey(secret)).toEqual({ kind: "sk", mode: "test" });
    const response = await testApp.current.app.request("/v1/whoami", { headers: { Authorization: `Bearer ${secret}` } });
    expect(await response.json()).toMatchObject({ key: { mode: "test", permission: "read" } });
    expect(await createKeyForEmail(db(), { email: "nobody@example.test", name: "x", mode: "live", permission: "write" })).toBeUndefined();
  });
});

describe("keys:import", () => {
  it("imports ak_ keys as hashes only, reports bad rows, and is idempotent", async () => {
    const account = await createAccount(db());
    const legacy = "ak_1717000000000_f3a9c2e1b7d4a6c8";
    const csv = [
      "email,key_name,api_key,is_active,created_at",
      `${account.email},"Legacy, main",${legacy},true,2025-03-01T10:00:00Z`,
      `${account.email},Not ours,sk_live_whatever,true,`,
      `ghost@example.test,Orphan,ak_1717000000001_aaaaaaaaaaaaaaaa,true,`,
      "",
    ].join("\n");
    const first = await importKeys(db(), csv);
    expect(first).toMatchObject({ imported: 1, alreadyPresent: 0 });
    expect(first.skipped.map((s) => s.line)).toEqual([3, 4]);
    expect((await importKeys(db(), csv)).alreadyPresent).toBe(1);

    const stored = await db().selectFrom("api_keys").selectAll().where("key_hash", "=", hashKey(legacy)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ key_name: "Legacy, main", imported: true, mode: "live", key_prefix: "ak_17170", key_last4: "a6c8" });
    expect(JSON.stringify(stored)).not.toContain(legacy);
    const response = await testApp.current.app.request("/v1/whoami", { headers: { Authorization: `Bearer ${legacy}` } });
    expect(response.status).toBe(200);
  });
});
