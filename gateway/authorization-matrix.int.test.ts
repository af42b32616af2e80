import { beforeAll, describe, expect, it } from "vitest";
import type { KeyPermission } from "../core/contracts/api-keys.js";
import { newId } from "../core/ids.js";
import { createAccount, createKeyedAccount } from "../testing/accounts.js";
import { BrowserClient } from "../testing/browser-client.js";
import { createApiCaller, useTestApp, type Auth } from "../testing/gateway.js";
import { createPortalFixture } from "../testing/portal-fixture.js";

/**
 * The authorization matrix (issue 13): every route of the gateway, enumerated from the app itself,
 * has an access policy here, and each policy is checked for a visitor, a signed-in user, an
 * administrator and API keys of each permission; then every route that names a resource is
 * called by another account with the owner's ids, and must answer 404, and every list by
 * another account must hold none of the owner's ids.
 */
type Policy =
  /** Anyone: pages, sign-in, health, documents, payment callbacks. */
  | "public"
  /** Development and test only: the payment sandbox and the mailbox (never mounted in production). */
  | "development"
  /** A signed-in session (/api). */
  | "session"
  /** A signed-in administrator (/api/admin). */
  | "admin"
  /** An API key with at least this permission (/v1). */
  | `key:${KeyPermission}`;

const POLICIES: Record<string, Policy> = {
  "GET /*": "public",
  "GET /assets/*": "public",
  "GET /healthz": "public",
  "GET /readyz": "public",
  "GET /metrics": "public",
  "GET /openapi.yaml": "public",
  "GET /reference": "public",
  "GET /reference/scalar-standalone.js": "public",
  "GET /auth/oauth/:provider/callback": "public",
  "GET /auth/oauth/:provider/start": "public",
  "GET /auth/session": "public",
  "GET /auth/user": "public",
  "POST /auth/confirm": "public",
  "POST /auth/forgot-password": "public",
  "POST /auth/refresh": "public",
  "POST /auth/resend-confirmation": "public",
  "POST /auth/reset-password": "public",
  "POST /auth/signin": "public",
  "POST /auth/signout": "public",
  "POST /auth/signup": "public",
  "GET /payments/ipn": "public",
  "POST /payments/ipn": "public",
  "POST /hooks/:workflow_id/:secret": "public",
  "GET /api/plans": "public",
  "GET /api/portal-config": "public",
  "GET /api/status": "public",
  "POST /api/status/subscribe": "public",
  "POST /api/status/subscription/confirm": "public",
  "POST /api/status/subscription/unsubscribe": "public",
  "GET /dev/mailbox": "development",
  "GET /dev/mailbox.json": "development",
  "GET /dev/mailbox/:id/html": "development",
  "GET /sandbox/pesapal/api/Transactions/GetTransactionStatus": "development",
  "GET /sandbox/pesapal/api/URLSetup/GetIpnList": "development",
  "GET /sandbox/pesapal/control/orders/:orderTrackingId": "development",
  "GET /sandbox/pesapal/control/settings": "development",
  "GET /sandbox/pesapal/pay/:orderTrackingId": "development",
  "POST /sandbox/pesapal/api/Auth/RequestToken": "development",
  "POST /sandbox/pesapal/api/Transactions/CancelOrder": "development",
  "POST /sandbox/pesapal/api/Transactions/RefundRequest": "development",
  "POST /sandbox/pesapal/api/Transactions/SubmitOrderRequest": "development",
  "POST /sandbox/pesapal/api/URLSetup/RegisterIPN": "development",
  "POST /sandbox/pesapal/control/orders/:orderTrackingId/reverse": "development",
  "POST /sandbox/pesapal/control/settings": "development",
  "POST /sandbox/pesapal/pay/:orderTrackingId": "development",
  "GET /api/admin/audit": "admin",
  "GET /api/admin/billing": "admin",
  "GET /api/admin/billing.csv": "admin",
  "GET /api/admin/incidents": "admin",
  "GET /api/admin/packages": "admin",
  "GET /api/admin/stats": "admin",
  "GET /api/admin/users": "admin",
  "GET /api/admin/users.csv": "admin",
  "GET /api/admin/users/:id/timeline": "admin",
  "PATCH /api/admin/incidents/:id": "admin",
  "PATCH /api/admin/packages/:name": "admin",
  "POST /api/admin/billing/:id/apply-plan": "admin",
  "POST /api/admin/billing/:id/complete": "admin",
  "POST /api/admin/billing/:id/mark-reviewed": "admin",
  "POST /api/admin/billing/:id/refund": "admin",
  "POST /api/admin/incidents": "admin",
  "POST /api/admin/usage": "admin",
  "PUT /api/admin/users/:id/package": "admin",
  "PUT /api/admin/users/:id/role": "admin",
  "GET /v1/whoami": "key:read",
  "GET /v1/usage": "key:read",
  "GET /v1/workflows": "key:read",
  "GET /v1/workflows/:id": "key:read",
  "GET /v1/workflows/:id/executions": "key:read",
  "GET /v1/executions": "key:read",
  "GET /v1/executions/:id": "key:read",
  "GET /v1/webhook-endpoints": "key:read",
  "GET /v1/webhook-endpoints/:id": "key:read",
  "GET /v1/webhook-endpoints/:id/deliveries": "key:read",
  "GET /v1/datasets": "key:read",
  "GET /v1/datasets/:id": "key:read",
  "GET /v1/analyses/:id": "key:read",
  "GET /v1/streams": "key:read",
  "GET /v1/streams/:name": "key:read",
  "GET /v1/streams/:name/live": "key:read",
  "POST /v1/workflows": "key:write",
  "PUT /v1/workflows/:id": "key:write",
  "PATCH /v1/workflows/:id": "key:write",
  "DELETE /v1/workflows/:id": "key:write",
  "POST /v1/workflows/:id/execute": "key:write",
  "POST /v1/executions/:id/cancel": "key:write",
  "POST /v1/executions/:id/rerun": "key:write",
  "POST /v1/datasets": "key:write",
  "DELETE /v1/datasets/:id": "key:write",
  "POST /v1/data/analyze": "key:write",
  "POST /v1/data/clean": "key:write",
  "POST /v1/streams/:name/events": "key:write",
  "DELETE /v1/streams/:name": "key:write",
  "POST /v1/webhook-endpoints": "key:admin",
  "PATCH /v1/webhook-endpoints/:id": "key:admin",
  "DELETE /v1/webhook-endpoints/:id": "key:admin",
  "POST /v1/webhook-endpoints/:id/rotate-secret": "key:admin",
  "POST /v1/webhook-endpoints/:id/test": "key:admin",
  "POST /v1/webhook-endpoints/:id/deliveries/:delivery_id/replay": "key:admin",
  "POST /v1/webhook-endpoints/:id/recover": "key:admin",
};
const SESSION_ROUTES = [
  "GET /api/billing",
  "GET /api/checkout/quote",
  "POST /api/checkout",
  "GET /api/payments/verify",
  "GET /api/payments/orders/:orderTrackingId",
  "GET /api/profile",
  "PATCH /api/profile",
  "GET /api/keys",
  "POST /api/keys",
  "DELETE /api/keys/:id",
  "POST /api/keys/:id/rotate",
  "GET /api/usage/daily",
  "GET /api/usage/export",
  "GET /api/workflows",
  "POST /api/workflows",
  "GET /api/workflows/:id",
  "PUT /api/workflows/:id",
  "PATCH /api/workflows/:id",
  "DELETE /api/workflows/:id",
  "POST /api/workflows/:id/execute",
  "GET /api/workflows/:id/executions",
  "GET /api/executions",
  "GET /api/executions/:id",
  "POST /api/executions/:id/cancel",
  "POST /api/executions/:id/rerun",
  "GET /api/webhook-endpoints",
  "POST /api/webhook-endpoints",
  "GET /api/webhook-endpoints/:id",
  "PATCH /api/webhook-endpoints/:id",
  "DELETE /api/webhook-endpoints/:id",
  "POST /api/webhook-endpoints/:id/rotate-secret",
  "POST /api/webhook-endpoints/:id/test",
  "GET /api/webhook-endpoints/:id/deliveries",
  "POST /api/webhook-endpoints/:id/deliveries/:delivery_id/replay",
  "POST /api/webhook-endpoints/:id/recover",
  "GET /api/streams",
  "GET /api/streams/:name",
  "GET /api/streams/:name/live",
];
for (const route of SESSION_ROUTES) POLICIES[route] = "session";

const testApp = useTestApp({ PORTAL_DIST_DIR: createPortalFixture() });
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

/** The app's own routes: each method and path once (middleware, registered for all methods, left out), deletions last. */
function appRoutes(): string[] {
  const routes = [...new Set(testApp.current.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].sort();
  return [...routes.filter((r) => !r.startsWith("DELETE ")), ...routes.filter((r) => r.startsWith("DELETE "))];
}

interface Owner {
  userId: string;
  browser: BrowserClient;
  keys: Record<KeyPermission, Auth>;
  /** An admin key of the same account in test mode: it sees only test-mode resources. */
  testKey: Auth;
  /** The owner's resource ids, by the path parameter that names them. */
  ids: { workflow: string; execution: string; endpoint: string; delivery: string; dataset: string; analysis: string; stream: string; key: string };
}

async function signIn(account: { email: string; password: string }): Promise<BrowserClient> {
  const browser = new BrowserClient(testApp.current.app);
  expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  return browser;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** An account on a plan the matrix's requests stay under, with a key of each permission and one of each resource. */
async function owner(): Promise<Owner> {
  const account = await createAccount(db());
  await db().updateTable("user_packages").set({ package_name: "enterprise", request_limit: null }).where("user_id", "=", account.id).execute();
  const keyed = await Promise.all((["read", "write", "admin"] as const).map((permission) => createKeyedAccount(db(), { userId: account.id, permission })));
  const keys = { read: keyed[0]!.authorization, write: keyed[1]!.authorization, admin: keyed[2]!.authorization };
  // The key the /api/keys/:id routes rotate and delete: not one the tests call with.
  const spare = await createKeyedAccount(db(), { userId: account.id, permission: "read" });
  const testKey = (await createKeyedAccount(db(), { userId: account.id, permission: "admin", mode: "test" })).authorization;
  const workflow = await json(await call(keys.admin, "POST", "/v1/workflows", { name: "Owned", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] }));
  const execution = await json(await call(keys.admin, "POST", `/v1/workflows/${String(workflow.id)}/execute`, { data: {} }));
  const endpoint = await json(await call(keys.admin, "POST", "/v1/webhook-endpoints", { url: "https://example.com/hooks", events: ["workflow.completed"] }));
  const delivery = await json(await call(keys.admin, "POST", `/v1/webhook-endpoints/${String(endpoint.id)}/test`, { type: "workflow.completed" }));
  const dataset = newId("ds");
  await db()
    .insertInto("datasets")
    .values({ id: dataset, user_id: account.id, mode: "live", name: "owned.csv", format: "csv", storage_path: `datasets/${account.id}/${dataset}.parquet`, size_bytes: 10, status: "ready", row_count: 1 })
    .execute();
  const analysis = newId("an");
  await db().insertInto("analyses").values({ id: analysis, user_id: account.id, mode: "live", dataset_id: dataset, analysis: "summary", request: JSON.stringify({}), status: "queued", bytes_processed: 10 }).execute();
  const stream = `owned-${account.id.slice(-6).toLowerCase()}`;
  await json(await call(keys.admin, "POST", `/v1/streams/${stream}/events`, { events: [{ id: "e1", timestamp: "2026-11-25T10:00:00Z", fields: { v: 1 } }] }));
  return {
    userId: account.id,
    browser: await signIn(account),
    keys,
    testKey,
    ids: { workflow: String(workflow.id), execution: String(execution.execution_id), endpoint: String(endpoint.id), delivery: String(delivery.delivery_id), dataset, analysis, stream, key: spare.keyId },
  };
}

/** The route's path with the owner's ids in place of its parameters. */
function pathFor(route: string, ids: Owner["ids"]): string {
  const path = route.split(" ")[1] ?? "";
  return path
    .replace("/workflows/:id", `/workflows/${ids.workflow}`)
    .replace("/executions/:id", `/executions/${ids.execution}`)
    .replace("/webhook-endpoints/:id", `/webhook-endpoints/${ids.endpoint}`)
    .replace(":delivery_id", ids.delivery)
    .replace("/datasets/:id", `/datasets/${ids.dataset}`)
    .replace("/analyses/:id", `/analyses/${ids.analysis}`)
    .replace("/streams/:name", `/streams/${ids.stream}`)
    .replace("/api/keys/:id", `/api/keys/${ids.key}`)
    .replace(/:[A-Za-z_]+/g, "x-unknown");
}

/** A body each write route accepts, so what answers is the ownership check, not validation. */
function bodyFor(route: string): unknown {
  const [method, path = ""] = route.split(" ");
  if (method === "GET" || method === "DELETE") return undefined;
  if (path.endsWith("/workflows/:id")) return { name: "Renamed" };
  if (path.endsWith("/execute")) return { data: {} };
  if (path.endsWith("/webhook-endpoints/:id")) return { description: "changed" };
  if (path.endsWith("/webhook-endpoints")) return { url: "https://example.com/hooks", events: ["workflow.completed"] };
  if (path.endsWith("/workflows")) return { name: "New", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] };
  if (path.endsWith("/test")) return { type: "workflow.completed" };
  if (path.endsWith("/recover")) return { since: "2026-11-01T00:00:00Z" };
  if (path.endsWith("/rotate")) return { grace_hours: 0 };
  return {};
}

let a: Owner;
let b: Owner;
let adminBrowser: BrowserClient;

beforeAll(async () => {
  [a, b] = [await owner(), await owner()];
  adminBrowser = await signIn(await createAccount(db(), { role: "admin" }));
}, 60_000);

describe("the authorization matrix", () => {
  it("has a policy for every route of the app, and no policy for a route that is gone", () => {
    const routes = appRoutes();
    expect(routes.filter((route) => !(route in POLICIES)), "routes without a policy").toEqual([]);
    expect(Object.keys(POLICIES).filter((route) => !routes.includes(route)), "policies without a route").toEqual([]);
  });

  it("refuses a visitor every session, admin and key route (401)", async () => {
    const wrong: string[] = [];
    for (const route of appRoutes()) {
      const policy = POLICIES[route];
      const [method] = route.split(" ");
      const body = bodyFor(route);
      const response = await testApp.current.app.request(pathFor(route, a.ids), { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }) });
      const refused = response.status === 401 || (method !== "GET" && policy !== "public" && policy !== "development" && response.status === 403);
      if (policy !== "public" && policy !== "development" && !refused) wrong.push(`${route}: ${response.status}`);
      if (response.status >= 500) wrong.push(`${route}: ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lets a user's session into session routes only: admin routes 403, key routes 401", async () => {
    const user = await owner();
    const wrong: string[] = [];
    for (const route of appRoutes()) {
      const policy = POLICIES[route];
      if (policy === "public" || policy === "development") continue;
      const [method = "GET"] = route.split(" ");
      const response = await user.browser.request(pathFor(route, user.ids), { method, json: bodyFor(route) });
      const expected = policy === "admin" ? [403] : policy?.startsWith("key:") ? [401] : null;
      if (expected ? !expected.includes(response.status) : [401, 403].includes(response.status) || response.status >= 500) wrong.push(`${route}: ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lets an administrator into admin routes", async () => {
    const wrong: string[] = [];
    for (const route of appRoutes().filter((r) => POLICIES[r] === "admin")) {
      const [method = "GET"] = route.split(" ");
      const response = await adminBrowser.request(pathFor(route, a.ids), { method, json: bodyFor(route) });
      if ([401, 403].includes(response.status) || response.status >= 500) wrong.push(`${route}: ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("checks each key route against the key's permission: below it 403, at or above it allowed", async () => {
    const rank: Record<KeyPermission, number> = { read: 0, write: 1, admin: 2 };
    const wrong: string[] = [];
    const routes = appRoutes().filter((r) => POLICIES[r]?.startsWith("key:"));
    for (const permission of ["read", "write", "admin"] as const) {
      // A fresh owner per permission: the deletions (last) of one pass leave the next its resources.
      const user = await owner();
      for (const route of routes) {
        const needed = (POLICIES[route] ?? "key:admin").slice(4) as KeyPermission;
        const [method = "GET"] = route.split(" ");
        const response = await call(user.keys[permission], method, pathFor(route, user.ids), bodyFor(route));
        const allowed = rank[permission] >= rank[needed];
        if (allowed ? [401, 403].includes(response.status) || response.status >= 500 : response.status !== 403) wrong.push(`${permission} ${route}: ${response.status}`);
        if (route.endsWith("/live")) await response.body?.cancel();
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("no cross-account access", () => {
  it("answers 404 to another account's key and session, and to the owner's test-mode key, for every route that names a live resource", async () => {
    const owned = await owner();
    const wrong: string[] = [];
    const named = appRoutes().filter((route) => /:(id|name|delivery_id)\b/.test(route) && (POLICIES[route]?.startsWith("key:") || POLICIES[route] === "session"));
    expect(named.length).toBeGreaterThan(40);
    for (const route of named) {
      const [method = "GET"] = route.split(" ");
      // A stream name is per account: posting events under it makes the caller's own stream, and
      // following it waits for the caller's own events (stream-live tests: nothing of the owner's arrives).
      if (route === "POST /v1/streams/:name/events" || route.endsWith("/streams/:name/live")) continue;
      const path = pathFor(route, owned.ids);
      if (POLICIES[route] === "session") {
        const response = await b.browser.request(path, { method, json: bodyFor(route) });
        if (response.status !== 404) wrong.push(`session ${route}: ${response.status}`);
        continue;
      }
      // Another account's key, and the owner's own key of the other mode (test keys see only test resources).
      // Webhook endpoints are the account's, whatever the mode (test events go to them too).
      const callers = route.includes("/webhook-endpoints") ? ([["other account", b.keys.admin]] as const) : ([["other account", b.keys.admin], ["test-mode key", owned.testKey]] as const);
      for (const [who, key] of callers) {
        const response = await call(key, method, path, bodyFor(route));
        if (response.status !== 404) wrong.push(`${who} ${route}: ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Nothing of the owner's changed.
    const workflow = await json(await call(owned.keys.read, "GET", `/v1/workflows/${owned.ids.workflow}`));
    expect(workflow.name).toBe("Owned");
    expect((await call(owned.keys.read, "GET", `/v1/streams/${owned.ids.stream}`)).status).toBe(200);
  });

  it("lists none of the owner's ids to another account, by key or by session", async () => {
    const owned = await owner();
    const ids = Object.values(owned.ids);
    const lists = appRoutes().filter((route) => route.startsWith("GET ") && !route.includes(":") && (POLICIES[route]?.startsWith("key:") || POLICIES[route] === "session"));
    expect(lists.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const route of lists) {
      const path = route.slice(4);
      const response = POLICIES[route] === "session" ? await b.browser.request(path) : await call(b.keys.admin, "GET", path);
      const text = await response.text();
      for (const id of ids) if (text.includes(id)) leaks.push(`${route}: ${id}`);
    }
    expect(leaks).toEqual([]);
  });
});
