import { randomUUID } from "node:crypto";
import { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "../core/contracts/auth.js";
import { newId, type IdPrefix } from "../core/ids.js";
import { createAccount, createKeyedAccount } from "./accounts.js";
import { BrowserClient } from "./browser-client.js";
import type { PaymentStand } from "./payment-stand.js";
import type { RouteInfo } from "./route-catalogue.js";

/**
 * One account holding one of each resource, keys of both modes, a signed-in user and an
 * administrator, and a visitor: what the property tests send every route's requests as, so that
 * each request gets past authentication to the code behind it. Requests go over real HTTP to the
 * listening gateway (the production path through @hono/node-server).
 */
export type Caller = "live" | "test" | "user" | "admin" | "visitor" | "none";

export interface RouteFixture {
  userId: string;
  /** The account the admin routes act on (its role and plan change). */
  targetUserId: string;
  /** Every id the fixture made: rows the fuzzing may leave. */
  ids: string[];
  /** The value of a route's path parameter naming a live resource; for DELETE routes, a well-formed id of none. */
  param: (route: RouteInfo, name: string) => string;
  send: (route: RouteInfo, request: RouteRequest) => Promise<Response>;
}

export interface RouteRequest {
  /** The path with its parameters in place (already percent-encoded). */
  path: string;
  /** The query string, without `?`. */
  query?: string;
  caller: Caller;
  headers?: Record<string, string>;
  /** Appended to the Cookie header. */
  cookie?: string;
  body?: { bytes: Uint8Array<ArrayBuffer> | string; contentType: string };
}

/** The id kind each path parameter holds, by the path it appears in. */
export const ID_PARAMS: ReadonlyArray<{ pattern: RegExp; param: string; prefix: IdPrefix }> = [
  { pattern: /\/workflows\/:id/, param: "id", prefix: "wf" },
  { pattern: /\/executions\/:id/, param: "id", prefix: "exec" },
  { pattern: /\/webhook-endpoints\/:id/, param: "id", prefix: "whe" },
  { pattern: /\/:delivery_id/, param: "delivery_id", prefix: "del" },
  { pattern: /\/datasets\/:id/, param: "id", prefix: "ds" },
  { pattern: /\/analyses\/:id/, param: "id", prefix: "an" },
  { pattern: /^\/api\/keys\/:id/, param: "id", prefix: "key" },
  { pattern: /^\/api\/admin\/users\/:id/, param: "id", prefix: "usr" },
  { pattern: /^\/api\/admin\/billing\/:id/, param: "id", prefix: "bill" },
  { pattern: /^\/api\/admin\/incidents\/:id/, param: "id", prefix: "inc" },
  { pattern: /^\/hooks\/:workflow_id/, param: "workflow_id", prefix: "wf" },
  { pattern: /^\/dev\/mailbox\/:id/, param: "id", prefix: "mail" },
];

/** Path parameters that are not ids, and what they hold. */
const OTHER_PARAMS = ["name", "secret", "orderTrackingId", "provider"];

export function idPrefixOf(route: RouteInfo, name: string): IdPrefix | undefined {
  return ID_PARAMS.find((entry) => entry.param === name && entry.pattern.test(route.path))?.prefix;
}

/** Parameters of the route that neither ID_PARAMS nor OTHER_PARAMS describe (a new route's, to be added). */
export const unknownParams = (route: RouteInfo) => route.params.filter((name) => !idPrefixOf(route, name) && !OTHER_PARAMS.includes(name));

/** Who a route is called as: the family's credentials (a test key for some /v1 requests). */
export function callerFor(route: RouteInfo, testMode: boolean): Caller {
  if (route.path.startsWith("/v1/")) return testMode ? "test" : "live";
  if (route.path.startsWith("/api/admin/")) return "admin";
  if (route.path.startsWith("/api/")) return "user";
  if (route.path.startsWith("/auth/")) return "visitor";
  return "none";
}

const Created = z.object({ id: z.string() });

export async function createRouteFixture(stand: PaymentStand): Promise<RouteFixture> {
  const db = stand.testApp.database.db;
  const fetcher = { request: (path: string, init?: RequestInit) => fetch(`${stand.url}${path}`, { ...init, redirect: "manual" }) };
  await db
    .insertInto("package_definitions")
    .values([
      { package_name: "fuzz", display_name: "Fuzz", request_limit: -1, rate_limit_per_minute: 1_000_000, data_limit_bytes: -1, monthly_price_cents: 0, contact_sales: true, sort_order: 98, max_concurrent_executions: 10_000, max_upload_bytes: 1_000_000 },
      { package_name: "fuzz_target", display_name: "Target", request_limit: -1, rate_limit_per_minute: 1_000, data_limit_bytes: -1, monthly_price_cents: 0, contact_sales: true, sort_order: 99, max_concurrent_executions: 10, max_upload_bytes: 1_000 },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const customer = await stand.customer();
  await db.updateTable("user_packages").set({ package_name: "fuzz", request_limit: null }).where("user_id", "=", customer.userId).execute();
  const live = (await createKeyedAccount(db, { userId: customer.userId, permission: "admin" })).authorization;
  const test = (await createKeyedAccount(db, { userId: customer.userId, permission: "admin", mode: "test" })).authorization;
  const spareKey = (await createKeyedAccount(db, { userId: customer.userId, permission: "read" })).keyId;
  const target = await createAccount(db);
  const adminAccount = await createAccount(db, { role: "admin" });
  const admin = new BrowserClient(fetcher);
  if ((await admin.post("/auth/signin", { email: adminAccount.email, password: adminAccount.password })).status !== 200) throw new Error("the administrator could not sign in");
  const visitor = new BrowserClient(fetcher);
  await visitor.request("/auth/user");

  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${stand.url}${path}`, { method: "POST", headers: { ...live, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return z.record(z.string(), z.unknown()).parse(await response.json());
  };
  const workflow = Created.parse(await call("/v1/workflows", { name: "Owned", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] }));
  const hooked = z
    .object({ id: z.string(), webhook_url: z.string() })
    .parse(await call("/v1/workflows", { name: "Hooked", trigger: { type: "webhook", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] }));
  const execution = z.object({ execution_id: z.string() }).parse(await call(`/v1/workflows/${workflow.id}/execute`, { data: {} }));
  const endpoint = Created.parse(await call("/v1/webhook-endpoints", { url: "https://example.com/hooks", events: ["workflow.completed"] }));
  const delivery = z.object({ delivery_id: z.string() }).parse(await call(`/v1/webhook-endpoints/${endpoint.id}/test`, { type: "workflow.completed" }));
  await call("/v1/streams/owned/events", { events: [{ id: "e1", timestamp: "2026-11-25T10:00:00Z", fields: { v: 1 } }] });
  const dataset = newId("ds");
  await db
    .insertInto("datasets")
    .values({ id: dataset, user_id: customer.userId, mode: "live", name: "owned.csv", format: "csv", storage_path: `datasets/${customer.userId}/${dataset}.parquet`, size_bytes: 10, status: "ready", row_count: 1 })
    .execute();
  const analysis = newId("an");
  await db.insertInto("analyses").values({ id: analysis, user_id: customer.userId, mode: "live", dataset_id: dataset, analysis: "summary", request: JSON.stringify({}), status: "queued", bytes_processed: 10 }).execute();
  const incidentResponse = await admin.post("/api/admin/incidents", { title: "Owned", status: "investigating", impact: "minor" });
  const incident = Created.parse(await incidentResponse.json());
  const [hookWorkflow = "", hookSecret = ""] = new URL(hooked.webhook_url).pathname.split("/").slice(2);

  const liveIds: Record<string, string> = { wf: workflow.id, exec: execution.execution_id, whe: endpoint.id, del: delivery.delivery_id, ds: dataset, an: analysis, key: spareKey, usr: target.id, inc: incident.id };
  const param = (route: RouteInfo, name: string): string => {
    if (route.path.startsWith("/hooks/")) return name === "secret" ? hookSecret : hookWorkflow;
    const prefix = idPrefixOf(route, name);
    if (prefix) return route.method === "DELETE" ? newId(prefix) : (liveIds[prefix] ?? newId(prefix));
    if (name === "name") return route.path.startsWith("/api/admin/packages") ? "fuzz_target" : route.method === "DELETE" ? "no-such-stream" : "owned";
    if (name === "provider") return "github";
    return randomUUID();
  };

  const browsers: Partial<Record<Caller, BrowserClient>> = { user: customer.browser, admin, visitor };
  const send = async (route: RouteInfo, request: RouteRequest): Promise<Response> => {
    const headers: Record<string, string> = {};
    if (request.caller === "live") Object.assign(headers, live);
    if (request.caller === "test") Object.assign(headers, test);
    const browser = browsers[request.caller];
    const cookies = browser ? [...browser.cookies].filter(([, cookie]) => request.path.startsWith(cookie.path)).map(([name, cookie]) => `${name}=${cookie.value}`) : [];
    if (request.cookie) cookies.push(request.cookie);
    if (cookies.length) headers.Cookie = cookies.join("; ");
    if (browser) {
      headers["X-Forwarded-For"] = browser.address;
      if (route.method !== "GET") headers[CSRF_HEADER] = browser.cookie(CSRF_COOKIE) ?? "";
    }
    if (request.body) headers["Content-Type"] = request.body.contentType;
    Object.assign(headers, request.headers);
    const url = `${stand.url}${request.path}${request.query ? `?${request.query}` : ""}`;
    return fetch(url, { method: route.method, headers, redirect: "manual", ...(request.body ? { body: request.body.bytes } : {}) });
  };

  return {
    userId: customer.userId,
    targetUserId: target.id,
    ids: [...Object.values(liveIds), hookWorkflow],
    param,
    send,
  };
}
