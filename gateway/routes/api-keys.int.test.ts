import { describe, expect, it } from "vitest";
import { ApiKeyListSchema, CreatedKeySchema } from "../../core/contracts/api-keys.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { createAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestApp } from "../../testing/gateway.js";
import { waitFor } from "../../testing/wait-for.js";

const testApp = useTestApp({ TRUST_PROXY: "true" });
const db = () => testApp.current.database.db;

async function signedIn() {
  const account = await createAccount(db());
  const client = new BrowserClient(testApp.current.app);
  await client.post("/auth/signin", { email: account.email, password: account.password });
  return client;
}

const whoami = (secret: string) => testApp.current.app.request("/v1/whoami", { headers: { Authorization: `Bearer ${secret}` } });

describe("API keys of the portal", () => {
  it("creates a key whose secret is shown once and stored only as a hash", async () => {
    const client = await signedIn();
    const response = await client.post("/api/keys", { name: "  Production  ", permission: "read", monthly_cap: 5_000 });
    expect(response.status).toBe(201);
    const { key, secret } = CreatedKeySchema.parse(await response.json());
    expect(key).toMatchObject({ name: "Production", mode: "live", permission: "read", monthly_cap: 5_000, is_active: true, usage_this_month: 0 });
    expect(key.masked).toBe(`${secret.slice(0, 8)}${"*".repeat(20)}${secret.slice(-4)}`);
    const list = ApiKeyListSchema.parse(await (await client.request("/api/keys")).json());
    expect(JSON.stringify(list)).not.toContain(secret);
    const row = await db().selectFrom("api_keys").selectAll().where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await whoami(secret)).status).toBe(200);
  });

  it("asks for a name with the spec's message and refuses caps outside the offer", async () => {
    const client = await signedIn();
    const unnamed = await client.post("/api/keys", { name: "   " });
    expect(unnamed.status).toBe(422);
    expect(ErrorBodySchema.parse(await unnamed.json()).error.details).toEqual([{ field: "name", message: "Please enter a key name" }]);
    expect((await client.post("/api/keys", { name: "x", monthly_cap: 7 })).status).toBe(422);
    expect((await client.post("/api/keys", { name: "x", expires_at: "2001-01-01T00:00:00Z" })).status).toBe(422);
  });

  it("shows this month's usage per key", async () => {
    const client = await signedIn();
    const { key, secret } = CreatedKeySchema.parse(await (await client.post("/api/keys", { name: "used" })).json());
    for (let i = 0; i < 3; i++) await whoami(secret);
    const list = ApiKeyListSchema.parse(await (await client.request("/api/keys")).json());
    expect(list.keys.find((k) => k.id === key.id)?.usage_this_month).toBe(3);
  });

  it("deletes only the owner's keys, and a deleted key stops working at once", async () => {
    const owner = await signedIn();
    const { key, secret } = CreatedKeySchema.parse(await (await owner.post("/api/keys", { name: "mine" })).json());
    expect((await whoami(secret)).status).toBe(200);
    const stranger = await signedIn();
    const theirs = await stranger.request(`/api/keys/${key.id}`, { method: "DELETE" });
    expect(theirs.status).toBe(404);
    expect(ApiKeyListSchema.parse(await (await stranger.request("/api/keys")).json()).keys).toEqual([]);
    expect((await owner.request(`/api/keys/${key.id}`, { method: "DELETE" })).status).toBe(200);
    // The key cache evicts on a published message: the deleted key is refused within a second.
    const refused = await waitFor(async () => ((await whoami(secret)).status === 401 ? true : undefined), 1_000).catch(() => false);
    expect(refused, "the deleted key is refused within 1 s").toBe(true);
  });

  it("rotates: the new key works at once, the old one until the grace period ends", async () => {
    const client = await signedIn();
    const old = CreatedKeySchema.parse(await (await client.post("/api/keys", { name: "rotating", permission: "admin" })).json());
    const rotated = CreatedKeySchema.parse(await (await client.post(`/api/keys/${old.key.id}/rotate`, { grace_hours: 1 })).json());
    expect(rotated.key).toMatchObject({ name: "rotating", permission: "admin" });
    expect((await whoami(rotated.secret)).status).toBe(200);
    expect((await whoami(old.secret)).status).toBe(200);
    testApp.current.clock.set(new Date(Date.now() + 3_601_000));
    try {
      expect((await whoami(old.secret)).status).toBe(401);
      expect((await whoami(rotated.secret)).status).toBe(200);
    } finally {
      testApp.current.clock.set(null);
    }
  });
});
