import { parse } from "yaml";
import { z } from "zod";

/**
 * Every route of the gateway, for the property tests: the app's own routes (so a new route is
 * covered without being listed here), each with what openapi.yaml documents about it (query and
 * header parameters, the kind of body), and a valid example body for the routes that take one,
 * so generated text reaches the handlers and not only the first schema check.
 */
export interface RouteInfo {
  /** `POST /v1/workflows/:id/execute`. */
  key: string;
  method: string;
  /** Hono's form: `/v1/workflows/:id/execute`. */
  path: string;
  params: string[];
  query: string[];
  headers: string[];
  /** json: a JSON body; raw: an upload with its own Content-Type; form: an HTML form post; none. */
  body: "json" | "raw" | "form" | "none";
  /** In openapi.yaml. */
  documented: boolean;
}

const DocumentSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
const OperationSchema = z.object({
  parameters: z.array(z.object({ name: z.string(), in: z.string() })).default([]),
  requestBody: z.object({ content: z.record(z.string(), z.unknown()) }).optional(),
});
const METHODS = ["get", "post", "put", "patch", "delete"];

/** The routes answering an HTML form post rather than JSON. */
const FORM_ROUTES = new Set(["POST /sandbox/pesapal/pay/:orderTrackingId"]);
/** Query parameters tried where openapi.yaml documents none (hidden routes). */
const GENERIC_QUERY = ["name", "q", "status", "email", "OrderTrackingId"];

/** Each operation of openapi.yaml, by `METHOD /hono/:path`. */
export function documentedOperations(yamlText: string): Map<string, Omit<RouteInfo, "key" | "method" | "path" | "params" | "documented">> {
  const operations = new Map<string, Omit<RouteInfo, "key" | "method" | "path" | "params" | "documented">>();
  for (const [path, item] of Object.entries(DocumentSchema.parse(parse(yamlText)).paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = OperationSchema.parse(raw);
      const content = Object.keys(operation.requestBody?.content ?? {});
      operations.set(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`, {
        query: operation.parameters.filter((p) => p.in === "query").map((p) => p.name),
        headers: operation.parameters.filter((p) => p.in === "header").map((p) => p.name),
        body: content.length === 0 ? (method === "get" || method === "delete" ? "none" : "json") : content.includes("application/json") && content.length === 1 ? "json" : "raw",
      });
    }
  }
  return operations;
}

/** The app's routes (each method and path once, middleware left out), described. */
export function listRoutes(app: { routes: ReadonlyArray<{ method: string; path: string }> }, yamlText: string): RouteInfo[] {
  const documented = documentedOperations(yamlText);
  const keys = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].sort();
  return keys.map((key) => {
    const [method = "GET", path = "/"] = key.split(" ");
    const params = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? "");
    const doc = documented.get(key);
    const body = FORM_ROUTES.has(key) ? "form" : (doc?.body ?? (method === "GET" || method === "DELETE" ? "none" : "json"));
    return { key, method, path, params, query: doc?.query.length ? doc.query : GENERIC_QUERY, headers: doc?.headers ?? [], body, documented: doc !== undefined };
  });
}

const WORKFLOW = {
  name: "Order sync",
  description: "Copies new orders",
  trigger: { type: "manual", config: {} },
  actions: [{ type: "transform", name: "shape", config: { output: { order: "{{trigger.data.order}}", note: "from the shop" } } }],
};
const ENDPOINT = { url: "https://example.com/hooks", events: ["workflow.completed"], description: "Orders" };
const EMAIL = { email: "someone@example.test" };
const PASSWORD = "correct horse battery staple";

/** A valid body for each route taking one (the /api copies of /v1 routes share theirs). */
const EXAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  "POST /v1/workflows": WORKFLOW,
  "PUT /v1/workflows/:id": { name: "Order sync, renamed", description: "Now nightly" },
  "PATCH /v1/workflows/:id": { description: "Copies new orders nightly" },
  "POST /v1/workflows/:id/execute": { data: { order: "A-1", customer: { name: "Ann" } } },
  "POST /v1/webhook-endpoints": ENDPOINT,
  "PATCH /v1/webhook-endpoints/:id": { description: "Orders, renamed" },
  "POST /v1/webhook-endpoints/:id/test": { type: "workflow.completed" },
  "POST /v1/webhook-endpoints/:id/recover": { since: "2026-11-01T00:00:00Z" },
  "POST /v1/data/analyze": { dataset: [{ day: "2026-01-01", sales: 10, region: "east" }, { day: "2026-01-02", sales: 12, region: "west" }], analysis: "summary" },
  "POST /v1/data/clean": { dataset: [{ name: "Ann", city: "Nairobi" }, { name: "ann ", city: "nairobi" }] },
  "POST /v1/streams/:name/events": { events: [{ id: "evt-1", timestamp: "2026-11-25T10:00:00Z", fields: { latency_ms: 12 }, dimensions: { region: "eu" } }] },
  "POST /hooks/:workflow_id/:secret": { order: "A-1", customer: { name: "Ann" } },
  "POST /payments/ipn": { OrderTrackingId: "b7e9c2a0-0000-4000-8000-000000000000", OrderMerchantReference: "ORD-1", OrderNotificationType: "IPNCHANGE" },
  "POST /auth/signup": { full_name: "Ann Example", email: "ann@example.test", password: PASSWORD },
  "POST /auth/signin": { email: "ann@example.test", password: PASSWORD },
  "POST /auth/forgot-password": EMAIL,
  "POST /auth/resend-confirmation": EMAIL,
  "POST /auth/confirm": { token: "not-a-real-token" },
  "POST /auth/reset-password": { token: "not-a-real-token", password: PASSWORD },
  "POST /api/status/subscribe": EMAIL,
  "POST /api/status/subscription/confirm": { token: "not-a-real-token" },
  "POST /api/status/subscription/unsubscribe": { token: "not-a-real-token" },
  "PATCH /api/profile": { full_name: "Ann Example" },
  "POST /api/keys": { name: "CI key" },
  "POST /api/keys/:id/rotate": { grace_hours: 1 },
  "POST /api/checkout": { plan: "starter", period: "monthly", amount: 2_900, billing: { first_name: "Ann", last_name: "Example", email: "ann@example.test", country: "KE", address: "1 Kenyatta Avenue", city: "Nairobi", state: "NBO", postal_code: "00100" } },
  "POST /api/admin/incidents": { title: "Slow analyses", description: "Investigating", status: "investigating", impact: "minor" },
  "PATCH /api/admin/incidents/:id": { title: "Slow analyses", description: "A fix is rolling out" },
  "PATCH /api/admin/packages/:name": { display_name: "Target", request_limit: -1, rate_limit_per_minute: 1_000, data_limit_bytes: -1, monthly_price_cents: 0, is_active: true },
  "POST /api/admin/usage": { endpoint: "/api/general", request_count: 1 },
  "PUT /api/admin/users/:id/role": { role: "user" },
  "PUT /api/admin/users/:id/package": { package_name: "free" },
  "POST /api/admin/billing/:id/refund": { remarks: "Duplicate payment" },
  "POST /sandbox/pesapal/api/Auth/RequestToken": { consumer_key: "key", consumer_secret: "secret" },
  "POST /sandbox/pesapal/api/URLSetup/RegisterIPN": { url: "https://example.com/ipn", ipn_notification_type: "POST" },
  "POST /sandbox/pesapal/api/Transactions/RefundRequest": { confirmation_code: "ABC", amount: 1, username: "ann", remarks: "Refund" },
  "POST /sandbox/pesapal/api/Transactions/CancelOrder": { order_tracking_id: "b7e9c2a0-0000-4000-8000-000000000000" },
  "POST /sandbox/pesapal/pay/:orderTrackingId": { action: "pay", method: "mobile_money", phone_number: "+254712345678" },
};

/**
 * The example body of a route, with `fill` merged in (what only the test knows, such as an
 * account id); a route without an example gets one text field (the input rule holds for any body).
 */
export function exampleBody(route: RouteInfo, fill: Record<string, unknown> = {}): Record<string, unknown> {
  const example = EXAMPLE_BODIES[route.key] ?? EXAMPLE_BODIES[route.key.replace(" /api/", " /v1/")];
  return example ? { ...structuredClone(example), ...fill } : { note: "hello" };
}

/** Whether the catalogue has an example for the route. */
export const hasExampleBody = (route: RouteInfo) => (EXAMPLE_BODIES[route.key] ?? EXAMPLE_BODIES[route.key.replace(" /api/", " /v1/")]) !== undefined;

/** The path of every string in a JSON value, as property names and indexes. */
export function stringLeaves(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

/** A copy of `value` with `replacement` at `path`. */
export function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return { ...record, [String(head)]: replaceAt(record[String(head)], rest, replacement) };
}

/** `actions[0].config.url`: how the gateway names a field of a JSON body (the examples' keys are all identifiers). */
export const fieldName = (path: Array<string | number>) => path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
