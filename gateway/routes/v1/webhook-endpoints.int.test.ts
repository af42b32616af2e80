import { describe, expect, it } from "vitest";
import {
  DeletedWebhookEndpointSchema,
  TestEventResultSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from "../../../core/contracts/webhook-endpoints.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { createApiCaller, useTestApp, type Auth } from "../../../testing/gateway.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;

const call = createApiCaller(testApp);

const admin = async (options: { mode?: "live" | "test"; userId?: string } = {}) => (await createKeyedAccount(db(), { permission: "admin", ...options })).authorization;

async function createEndpoint(auth: Auth, body: Record<string, unknown> = {}) {
  const response = await call(auth, "POST", "/v1/webhook-endpoints", { url: "https://hooks.example.com/sluice", events: ["workflow.completed"], ...body });
  expect(response.status).toBe(201);
  return WebhookEndpointWithSecretSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

describe("webhook endpoints API", () => {
  it("creates an endpoint and shows its secret only in that answer", async () => {
    const auth = await admin();
    const created = await createEndpoint(auth, { events: ["workflow.failed", "workflow.failed", "usage.threshold_reached"], description: " Orders " });
    expect(created).toMatchObject({
      mode: "live",
      url: "https://hooks.example.com/sluice",
      events: ["workflow.failed", "usage.threshold_reached"],
      description: "Orders",
      is_active: true,
      disabled_at: null,
      failing_since: null,
      previous_secret_expires_at: null,
    });
    expect(created.id).toMatch(/^whe_/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await db().selectFrom("webhook_endpoints").select("secret").where("id", "=", created.id).executeTakeFirstOrThrow()).secret).toBe(created.secret);

    const fetched = await call(auth, "GET", `/v1/webhook-endpoints/${created.id}`);
    expect(fetched.status).toBe(200);
    const text = await fetched.text();
    expect(text).not.toContain(created.secret);
    expect(WebhookEndpointSchema.strict().parse(JSON.parse(text))).toMatchObject({ id: created.id });
  });

  it("answers 422 with details for URLs and event lists it cannot accept", async () => {
    const { userId, authorization: auth } = await createKeyedAccount(db(), { permission: "admin" });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ url: "ftp://files.example.com/in" }, "url", /http or https/],
      [{ url: "/relative/path" }, "url", /absolute/],
      [{ url: "https://user:pass@hooks.example.com/" }, "url", /user name or password/],
      [{ url: `https://hooks.example.com/${"a".repeat(2_048)}` }, "url", /2048/],
      [{ url: undefined }, "url", /required/],
      [{ events: [] }, "events", /at least one/i],
      [{ events: ["workflow.exploded"] }, "events.0", /./],
      [{ description: "x".repeat(501) }, "description", /500/],
    ];
    for (const [change, field, message] of cases) {
      const response = await call(auth, "POST", "/v1/webhook-endpoints", { url: "https://hooks.example.com/a", events: ["*"], ...change });
      expect(response.status, JSON.stringify(change)).toBe(422);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details?.find((d) => d.field === field)?.message, field).toMatch(message);
    }
    expect((await call(auth, "POST", "/v1/webhook-endpoints", "{not json")).status).toBe(400);
    expect(await db().selectFrom("webhook_endpoints").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("needs admin permission to change endpoints; any key may read them", async () => {
    const owner = await createKeyedAccount(db(), { permission: "admin" });
    const endpoint = await createEndpoint(owner.authorization);
    const writer = (await createKeyedAccount(db(), { permission: "write", userId: owner.userId })).authorization;
    const reader = (await createKeyedAccount(db(), { permission: "read", userId: owner.userId })).authorization;

    for (const [method, path, body] of [
      ["POST", "/v1/webhook-endpoints", { url: "https://hooks.example.com/w", events: ["*"] }],
      ["PATCH", `/v1/webhook-endpoints/${endpoint.id}`, { is_active: false }],
      ["DELETE", `/v1/webhook-endpoints/${endpoint.id}`, undefined],
      ["POST", `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, undefined],
      ["POST", `/v1/webhook-endpoints/${endpoint.id}/test`, undefined],
    ] as const) {
      const response = await call(writer, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(response)).code).toBe("FORBIDDEN");
    }
    expect((await call(reader, "GET", "/v1/webhook-endpoints")).status).toBe(200);
    expect((await call(writer, "GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(200);
    expect((await call(owner.authorization, "GET", `/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
  });

  it("lists the account's endpoints newest first, page by page", async () => {
    const auth = await admin();
    const ids = [];
    for (const n of [1, 2, 3]) ids.push((await createEndpoint(auth, { url: `https://hooks.example.com/${n}` })).id);

    const first = WebhookEndpointListSchema.parse(await (await call(auth, "GET", "/v1/webhook-endpoints?limit=2")).json());
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.webhook_endpoints.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const second = WebhookEndpointListSchema.parse(await (await call(auth, "GET", "/v1/webhook-endpoints?limit=2&page=2")).json());
    expect(second.webhook_endpoints.map((e) => e.id)).toEqual([ids[0]]);
    expect((await call(auth, "GET", "/v1/webhook-endpoints?limit=500")).status).toBe(400);
  });

  it("answers 404 for another account's endpoint, whatever the operation", async () => {
    const mine = await admin();
    const theirs = await createEndpoint(await admin());
    for (const [method, path, body] of [
      ["GET", `/v1/webhook-endpoints/${theirs.id}`, undefined],
      ["PATCH", `/v1/webhook-endpoints/${theirs.id}`, { description: "mine now" }],
      ["DELETE", `/v1/webhook-endpoints/${theirs.id}`, undefined],
      ["POST", `/v1/webhook-endpoints/${theirs.id}/rotate-secret`, undefined],
      ["GET", `/v1/webhook-endpoints/${theirs.id}/deliveries`, undefined],
      ["POST", `/v1/webhook-endpoints/${theirs.id}/test`, undefined],
      ["POST", `/v1/webhook-endpoints/${theirs.id}/deliveries/del_1AbCdEfGhJkLmNpQrStUvW/replay`, undefined],
      ["POST", `/v1/webhook-endpoints/${theirs.id}/recover`, { since: "2026-01-01T00:00:00Z" }],
      ["GET", "/v1/webhook-endpoints/whe_doesnotexist", undefined],
    ] as const) {
      const response = await call(mine, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    const untouched = await db().selectFrom("webhook_endpoints").selectAll().where("id", "=", theirs.id).executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ description: null, deleted_at: null, secret: theirs.secret });
  });

  it("updates the fields given; disabling records when, re-enabling clears the failure record", async () => {
    const auth = await admin();
    const endpoint = await createEndpoint(auth);
    const patch = async (body: unknown) => call(auth, "PATCH", `/v1/webhook-endpoints/${endpoint.id}`, body);

    const changed = WebhookEndpointSchema.parse(await (await patch({ url: "https://other.example.com/in", events: ["*"], description: "All" })).json());
    expect(changed).toMatchObject({ url: "https://other.example.com/in", events: ["*"], description: "All", is_active: true });

    await db().updateTable("webhook_endpoints").set({ failing_since: new Date(Date.now() - 3_600_000) }).where("id", "=", endpoint.id).execute();
    const disabled = WebhookEndpointSchema.parse(await (await patch({ is_active: false })).json());
    expect(disabled.is_active).toBe(false);
    expect(disabled.disabled_at).not.toBeNull();
    expect(disabled.failing_since).not.toBeNull();

    const enabled = WebhookEndpointSchema.parse(await (await patch({ is_active: true })).json());
    expect(enabled).toMatchObject({ is_active: true, disabled_at: null, failing_since: null, description: "All" });

    const empty = await patch({});
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).code).toBe("VALIDATION_FAILED");
    expect((await patch({ url: "mailto:me@example.com" })).status).toBe(422);
  });

  it("deletes an endpoint: gone from the list and from changes, still readable with deleted_at, its secret erased", async () => {
    const auth = await admin();
    const endpoint = await createEndpoint(auth);
    const response = await call(auth, "DELETE", `/v1/webhook-endpoints/${endpoint.id}`);
    expect(response.status).toBe(200);
    const deleted = DeletedWebhookEndpointSchema.parse(await response.json());
    expect(deleted.message).toBe("Webhook endpoint deleted.");
    expect(Math.abs(Date.parse(deleted.deleted_at) - Date.now())).toBeLessThan(10_000);

    const read = await call(auth, "GET", `/v1/webhook-endpoints/${endpoint.id}`);
    expect(read.status).toBe(200);
    const text = await read.text();
    expect(text).not.toContain("whsec_");
    expect(WebhookEndpointSchema.parse(JSON.parse(text))).toMatchObject({ id: endpoint.id, is_active: false, deleted_at: deleted.deleted_at });
    for (const [method, path, body] of [
      ["DELETE", `/v1/webhook-endpoints/${endpoint.id}`, undefined],
      ["PATCH", `/v1/webhook-endpoints/${endpoint.id}`, { is_active: true }],
      ["POST", `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, undefined],
      ["POST", `/v1/webhook-endpoints/${endpoint.id}/test`, undefined],
      ["POST", `/v1/webhook-endpoints/${endpoint.id}/recover`, { since: new Date(Date.now() - 3_600_000).toISOString() }],
    ] as const) {
      expect((await call(auth, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(WebhookEndpointListSchema.parse(await (await call(auth, "GET", "/v1/webhook-endpoints")).json()).total).toBe(0);
    const row = await db().selectFrom("webhook_endpoints").select(["is_active", "secret", "previous_secret"]).where("id", "=", endpoint.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_active: false, secret: "", previous_secret: null });

    // The same URL can be subscribed again, as a new endpoint with a new secret.
    const again = await createEndpoint(auth);
    expect(again.id).not.toBe(endpoint.id);
    expect(again.secret).not.toBe(endpoint.secret);
    expect(WebhookEndpointListSchema.parse(await (await call(auth, "GET", "/v1/webhook-endpoints")).json()).webhook_endpoints.map((e) => e.id)).toEqual([again.id]);
  });

  it("rotates the secret: the new one is shown once, the old one stays valid for 24 hours", async () => {
    const auth = await admin();
    const endpoint = await createEndpoint(auth);
    const response = await call(auth, "POST", `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(response.status).toBe(200);
    const rotated = WebhookEndpointWithSecretSchema.parse(await response.json());
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const graceMs = Date.parse(rotated.previous_secret_expires_at ?? "") - Date.now();
    expect(graceMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(graceMs).toBeLessThanOrEqual(24 * 3_600_000);
    const row = await db().selectFrom("webhook_endpoints").select(["secret", "previous_secret"]).where("id", "=", endpoint.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ secret: rotated.secret, previous_secret: endpoint.secret });
  });
});

describe("webhook endpoint modes", () => {
  it("gives an endpoint the mode of the key that creates it, and lists each mode's endpoints to its own keys only", async () => {
    const live = await createKeyedAccount(db(), { permission: "admin" });
    const test = await admin({ mode: "test", userId: live.userId });
    // The mode is read-only: a body naming another one does not change it.
    const liveEndpoint = await createEndpoint(live.authorization, { url: "https://hooks.example.com/live", mode: "test" });
    const testEndpoint = await createEndpoint(test, { url: "https://hooks.example.com/test" });
    expect([liveEndpoint.mode, testEndpoint.mode]).toEqual(["live", "test"]);

    const listed = async (auth: Auth) => WebhookEndpointListSchema.parse(await (await call(auth, "GET", "/v1/webhook-endpoints")).json());
    expect(await listed(live.authorization)).toMatchObject({ total: 1, webhook_endpoints: [{ id: liveEndpoint.id, mode: "live" }] });
    expect(await listed(test)).toMatchObject({ total: 1, webhook_endpoints: [{ id: testEndpoint.id, mode: "test" }] });
    const stored = await db().selectFrom("webhook_endpoints").select(["id", "mode"]).where("user_id", "=", live.userId).orderBy("mode").execute();
    expect(stored).toEqual([{ id: liveEndpoint.id, mode: "live" }, { id: testEndpoint.id, mode: "test" }]);
  });

  for (const [keyMode, endpointMode] of [["test", "live"], ["live", "test"]] as const) {
    it(`answers 404 to a ${keyMode} key for every operation on the account's ${endpointMode} endpoint, and changes nothing`, async () => {
      const owner = await createKeyedAccount(db(), { permission: "admin", mode: endpointMode });
      const other = await admin({ mode: keyMode, userId: owner.userId });
      const endpoint = await createEndpoint(owner.authorization);
      const sent = await call(owner.authorization, "POST", `/v1/webhook-endpoints/${endpoint.id}/test`);
      expect(sent.status).toBe(202);
      const { delivery_id: deliveryId } = TestEventResultSchema.parse(await sent.json());
      const before = await db().selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpoint.id).execute();

      for (const [method, path, body] of [
        ["GET", `/v1/webhook-endpoints/${endpoint.id}`, undefined],
        ["PATCH", `/v1/webhook-endpoints/${endpoint.id}`, { description: "taken over", is_active: false }],
        ["DELETE", `/v1/webhook-endpoints/${endpoint.id}`, undefined],
        ["POST", `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, undefined],
        ["GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries`, undefined],
        ["POST", `/v1/webhook-endpoints/${endpoint.id}/test`, undefined],
        ["POST", `/v1/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}/replay`, undefined],
        ["POST", `/v1/webhook-endpoints/${endpoint.id}/recover`, { since: "2026-01-01T00:00:00Z" }],
      ] as const) {
        const response = await call(other, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        const text = await response.text();
        expect(text, "no secret in the answer").not.toContain("whsec_");
        expect(ErrorBodySchema.parse(JSON.parse(text)).error.code).toBe("NOT_FOUND");
      }
      expect(WebhookEndpointListSchema.parse(await (await call(other, "GET", "/v1/webhook-endpoints")).json()).total).toBe(0);

      const untouched = await db().selectFrom("webhook_endpoints").selectAll().where("id", "=", endpoint.id).executeTakeFirstOrThrow();
      expect(untouched).toMatchObject({ mode: endpointMode, description: null, is_active: true, deleted_at: null, secret: endpoint.secret, previous_secret: null });
      expect(await db().selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpoint.id).execute(), "no delivery added or reopened").toEqual(before);
      expect((await call(owner.authorization, "GET", `/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
    });
  }
});
