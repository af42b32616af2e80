import { readFileSync } from "node:fs";
import fc from "fast-check";
import { sql } from "kysely";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ErrorBodySchema } from "../core/errors.js";
import { sdkOperations, type SdkOperation } from "../scripts/generate-sdks.js";
import { createAccount, createKeyedAccount } from "../testing/accounts.js";
import { BrowserClient } from "../testing/browser-client.js";
import { useTestApp } from "../testing/gateway.js";

/**
 * Property-based requests (issue 13) against every /v1 operation of openapi.yaml and every
 * state-changing route of the portal API: random path parameters (traversal, huge, unicode),
 * query strings, JSON bodies shaped from the operation's own request schema, malformed JSON and
 * raw bytes. Whatever arrives, the answer is never a 5xx, an error is always the documented
 * `{ error: { code, message, request_id } }`, and no request that failed left a row behind.
 */
const testApp = useTestApp({ ANALYSIS_WAIT_MS: "0" });
const db = () => testApp.current.database.db;
const yamlText = readFileSync(new URL("../openapi.yaml", import.meta.url), "utf8");
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

const SchemaDocument = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const OperationShape = z.object({
  parameters: z.array(z.object({ name: z.string(), in: z.string() })).default([]),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.unknown().optional() })) }).optional(),
});

/** Property names of an operation's JSON body schema (top level), to aim the bodies past the first check. */
function bodyProperties(op: SdkOperation): string[] {
  const document = SchemaDocument.parse(parse(yamlText));
  const raw = OperationShape.parse(document.paths[op.path]?.[op.method.toLowerCase()] ?? {});
  const schema = raw.requestBody?.content["application/json"]?.schema;
  const properties = z.object({ properties: z.record(z.string(), z.unknown()).optional() }).safeParse(schema);
  return Object.keys(properties.success ? (properties.data.properties ?? {}) : {});
}

function queryNames(op: SdkOperation): string[] {
  const document = SchemaDocument.parse(parse(yamlText));
  const raw = OperationShape.parse(document.paths[op.path]?.[op.method.toLowerCase()] ?? {});
  return raw.parameters.filter((p) => p.in === "query").map((p) => p.name);
}

const nasty = fc.constantFrom("../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%00", "x".repeat(5_000), "🙂🙂", "null", "-1", "1e309", "<script>alert(1)</script>", "' or 1=1 --", "wf_1AbCdEfGhJkLmNpQrStUvW");
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }), nasty);
const pathParam = text.map((value) => encodeURIComponent(value) || "x");
const json = fc.jsonValue({ maxDepth: 4 });

/** A JSON body: anything, or an object with the schema's own property names holding anything. */
function bodyArbitrary(properties: string[]) {
  const aimed = properties.length
    ? fc.dictionary(fc.constantFrom(...properties), fc.oneof(json, fc.array(json, { maxLength: 3 }), fc.dictionary(text, json, { maxKeys: 3 })), { maxKeys: properties.length })
    : fc.dictionary(text, json, { maxKeys: 4 });
  return fc.oneof(
    { weight: 6, arbitrary: aimed.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: json.map((value) => JSON.stringify(value)) },
    // Malformed JSON and deep nesting.
    { weight: 1, arbitrary: fc.constantFrom("{", '{"a":', "[".repeat(10_000), "nul", '{"__proto__":{"admin":true}}', "\u0000") },
  );
}

function requestArbitrary(op: SdkOperation) {
  const names = queryNames(op);
  return fc.record({
    params: fc.array(pathParam, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
    query: fc.dictionary(fc.constantFrom(...names, "page", "limit", "unknown"), text, { maxKeys: 3 }),
    body: op.body === "raw" ? fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("a,b\n1,2\n", '[{"a":1}]', "PAR1\u0000garbage")) : bodyArbitrary(bodyProperties(op)),
    contentType: op.body === "raw" ? fc.constantFrom("text/csv", "application/json", "application/x-ndjson", "application/vnd.apache.parquet", "application/octet-stream", "image/png") : fc.constant("application/json"),
  });
}

/** What a failed answer must look like. */
async function checkAnswer(label: string, response: Response): Promise<unknown> {
  expect(response.status, label).toBeLessThan(500);
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    await response.body?.cancel();
    return undefined;
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status >= 400) {
    const parsed = ErrorBodySchema.safeParse(body);
    expect(parsed.success, `${label}: ${response.status} ${JSON.stringify(body)}`).toBe(true);
    expect(parsed.data?.error.request_id, label).toMatch(/\S/);
  }
  return body;
}

/** Ids every 2xx answer gave back: the only rows the run may leave. */
const returnedIds = new Set<string>();
function collectIds(value: unknown): void {
  if (typeof value === "string" && /^[a-z]+_[1-9A-HJ-NP-Za-km-z]{10,}$/.test(value)) returnedIds.add(value);
  else if (Array.isArray(value)) value.forEach(collectIds);
  else if (value && typeof value === "object") Object.values(value).forEach(collectIds);
}

let userId: string;
let authorization: { Authorization: string };

beforeAll(async () => {
  await db()
    .insertInto("package_definitions")
    .values({ package_name: "fuzz", display_name: "Fuzz", request_limit: -1, rate_limit_per_minute: 1_000_000, data_limit_bytes: -1, monthly_price_cents: 0, contact_sales: true, sort_order: 99, max_concurrent_executions: 10_000, max_upload_bytes: 1_000_000 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const keyed = await createKeyedAccount(db(), { permission: "admin" });
  userId = keyed.userId;
  authorization = keyed.authorization;
  await db().updateTable("user_packages").set({ package_name: "fuzz", request_limit: null }).where("user_id", "=", userId).execute();
});

describe("fuzzing the public API", () => {
  const operations = sdkOperations(yamlText);

  it("covers every /v1 operation", () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const op of operations) {
    it(`${op.id}: never a 5xx, errors well formed`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async ({ params, query, body, contentType }) => {
          let path = op.path;
          for (const [i, name] of op.pathParams.entries()) path = path.replace(`{${name}}`, params[i] ?? "x");
          const search = new URLSearchParams(query).toString();
          const withBody = op.method !== "GET" && op.method !== "DELETE";
          const response = await testApp.current.app.request(`${path}${search ? `?${search}` : ""}`, {
            method: op.method,
            headers: { ...authorization, ...(withBody ? { "Content-Type": contentType } : {}) },
            ...(withBody ? { body } : {}),
          });
          const answer = await checkAnswer(`${op.method} ${path}`, response);
          if (response.status < 300) collectIds(answer);
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
  }

  it("left no row that no successful answer named (no half-stored object)", async () => {
    const tables = ["workflows", "executions", "webhook_endpoints", "webhook_events", "datasets", "analyses"] as const;
    const strays: string[] = [];
    for (const table of tables) {
      const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} where user_id = ${userId}`.execute(db());
      for (const { id } of rows) if (!returnedIds.has(id) && table !== "webhook_events" && table !== "executions") strays.push(`${table} ${id}`);
    }
    expect(strays).toEqual([]);
  });
});

describe("fuzzing the portal API", () => {
  it("never answers a 5xx or a malformed error to random bodies on any state-changing /api or /auth route", async () => {
    const account = await createAccount(db());
    const browser = new BrowserClient(testApp.current.app);
    expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
    const routes = [...new Set(testApp.current.app.routes.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && /^\/(api|auth)\//.test(r.path)).map((r) => `${r.method} ${r.path}`))]
      // Signing out would end the session the other routes use.
      .filter((route) => route !== "POST /auth/signout");
    expect(routes.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), pathParam, bodyArbitrary([]), async (route, param, body) => {
        const [method = "POST", template = ""] = route.split(" ");
        const path = template.replace(/:[A-Za-z_]+/g, param);
        const response = await browser.request(path, { method, body, headers: { "Content-Type": "application/json" } });
        await checkAnswer(`${method} ${path}`, response);
      }),
      { numRuns: RUNS * 10 },
    );
  }, 120_000);
});
