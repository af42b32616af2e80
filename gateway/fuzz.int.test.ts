import { readFileSync } from "node:fs";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../core/errors.js";
import { newId } from "../core/ids.js";
import { isServerPath, SERVER_PATH_PREFIXES } from "../core/server-paths.js";
import { bodyBytes, breaksTextRule, breaksUrlRule, hostileText, type HostileText } from "../testing/hostile-text.js";
import { usePaymentStand } from "../testing/payment-stand.js";
import { createPortalFixture } from "../testing/portal-fixture.js";
import { exampleBody, fieldName, hasExampleBody, listRoutes, replaceAt, stringLeaves, type RouteInfo } from "../testing/route-catalogue.js";
import { callerFor, createRouteFixture, idPrefixOf, unknownParams, type RouteFixture } from "../testing/route-fixture.js";

/**
 * Property-based requests against every route of the gateway (issues 13 and 35): the app's own
 * routes, described by openapi.yaml where it documents them, each called as its family needs
 * (API key live or test, session cookie and CSRF token, administrator, nobody). Each request
 * puts generated text in one place: a string of a valid example body, a key of it, a path
 * parameter, a query parameter, a header, a cookie; or replaces the body with a random JSON
 * value, malformed JSON or raw bytes. Whatever arrives:
 * - the answer is never a 5xx, an error is the documented `{ error: { code, message, request_id } }`,
 *   and no error is logged;
 * - text breaking the input rule (NUL, an unpaired surrogate, a percent-encoding that is not
 *   UTF-8) is 422 VALIDATION_FAILED naming the field (`actions[0].config.url`, `path.id`, `query.name`);
 * - no request that failed left a row behind.
 * Fixed seed; FUZZ_RUNS sets the requests per route.
 */
const stand = usePaymentStand({ ANALYSIS_WAIT_MS: "0", PORTAL_DIST_DIR: createPortalFixture() });
const testApp = () => stand.current.testApp;
const yamlText = readFileSync(new URL("../openapi.yaml", import.meta.url), "utf8");
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = 35;
const HEADERS = ["Idempotency-Key", "User-Agent", "X-Request-Id", "X-Forwarded-For", "Last-Event-ID", "Accept-Language", "If-None-Match"];
const UPLOAD_TYPES = ["text/csv", "application/json", "application/x-ndjson", "application/vnd.apache.parquet", "application/octet-stream"];

type Mutation =
  | { kind: "body-value"; leaf: number; text: HostileText }
  | { kind: "body-key"; text: HostileText }
  | { kind: "body-shape"; body: string }
  | { kind: "body-type"; key: number; value: fc.JsonValue }
  | { kind: "path"; param: number; text: HostileText }
  | { kind: "query"; name: string; asName: boolean; text: HostileText }
  | { kind: "header"; name: string; text: HostileText }
  | { kind: "cookie"; text: HostileText };

const json = fc.jsonValue({ maxDepth: 4 });
const shapes = fc.oneof(
  { weight: 4, arbitrary: json.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom("{", '{"a":', "[".repeat(10_000), "nul", '{"__proto__":{"admin":true}}', "\u0000", "a,b\n1,2\n", "PAR1\u0000garbage") },
);

function mutations(route: RouteInfo, leaves: number): fc.Arbitrary<Mutation> {
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.record({ kind: fc.constant("query" as const), name: fc.constantFrom(...route.query), asName: fc.boolean(), text: hostileText }),
    fc.record({ kind: fc.constant("header" as const), name: fc.constantFrom(...route.headers, ...HEADERS), text: hostileText }),
    fc.record({ kind: fc.constant("cookie" as const), text: hostileText }),
  ];
  if (route.params.length) options.push(fc.record({ kind: fc.constant("path" as const), param: fc.nat(route.params.length - 1), text: hostileText }));
  if (route.body !== "none") {
    options.push(
      fc.record({ kind: fc.constant("body-value" as const), leaf: fc.nat(Math.max(0, leaves - 1)), text: hostileText }),
      fc.record({ kind: fc.constant("body-key" as const), text: hostileText }),
      fc.record({ kind: fc.constant("body-shape" as const), body: shapes }),
      fc.record({ kind: fc.constant("body-type" as const), key: fc.nat(), value: json }),
    );
  }
  // The body and the path are where most of the damage was: they get twice the share.
  return fc.oneof(...options.map((arbitrary, i) => ({ arbitrary, weight: i >= 3 ? 2 : 1 })));
}

/** The form body of a form route: its example's fields, one of them replaced by `value` (already encoded). */
function formBody(example: Record<string, unknown>, replace?: { leaf: string; value: string }, extra?: string): string {
  const pairs = Object.entries(example).map(([name, value]) => `${name}=${name === replace?.leaf ? replace.value : encodeURIComponent(String(value))}`);
  return [...pairs, ...(extra ? [extra] : [])].join("&");
}

interface Built {
  path: string;
  query?: string;
  headers?: Record<string, string>;
  cookie?: string;
  body?: { bytes: Uint8Array<ArrayBuffer> | string; contentType: string };
  /** A 422 naming this field is the only right answer; `*` for any field. */
  refusedField?: string;
}

function build(route: RouteInfo, fixture: RouteFixture, mutation: Mutation): Built {
  const params = route.params.map((name) => encodeURIComponent(fixture.param(route, name)));
  if (mutation.kind === "path") params[mutation.param] = mutation.text.url;
  const path = route.path.replace(/:[A-Za-z_]+/g, () => params.shift() ?? "x").replace("*", "anything");
  const built: Built = { path };
  // The input rule holds under the API's prefixes; pages, health and documents read no input.
  const checked = SERVER_PATH_PREFIXES.some((prefix) => path.startsWith(`${prefix}/`));
  const refuse = (field: string, broken: boolean) => {
    if (broken && checked) built.refusedField = field;
  };
  if (mutation.kind === "path") refuse(`path.${route.params[mutation.param]}`, breaksUrlRule(mutation.text.url));
  if (mutation.kind === "query") {
    built.query = mutation.asName ? `${mutation.text.url}=1` : `${mutation.name}=${mutation.text.url}`;
    refuse(mutation.asName ? "*" : `query.${mutation.name}`, breaksUrlRule(mutation.text.url));
  }
  if (mutation.kind === "header") built.headers = { [mutation.name]: mutation.text.header };
  if (mutation.kind === "cookie") {
    built.cookie = `sluice_oauth_state=${mutation.text.url}`;
    refuse("cookie.sluice_oauth_state", breaksUrlRule(mutation.text.url));
  }
  if (route.body === "none") return built;
  const example = exampleBody(route, route.key === "POST /api/admin/usage" ? { user_id: fixture.targetUserId } : {});
  const leaves = stringLeaves(example);
  const leaf = mutation.kind === "body-value" ? leaves[mutation.leaf % Math.max(1, leaves.length)] : undefined;
  if (route.body === "form") {
    const value = mutation.kind === "body-value" && leaf ? { leaf: String(leaf[0]), value: mutation.text.url } : undefined;
    const extra = mutation.kind === "body-key" ? `${mutation.text.url}=1` : undefined;
    built.body = { bytes: mutation.kind === "body-shape" ? mutation.body : formBody(example, value, extra), contentType: "application/x-www-form-urlencoded" };
    if (mutation.kind === "body-value" && leaf) refuse(String(leaf[0]), breaksUrlRule(mutation.text.url));
    if (mutation.kind === "body-key") refuse("*", breaksUrlRule(mutation.text.url));
    return built;
  }
  if (route.body === "raw") {
    // Uploads stream to storage under their own checks (not the input rule): any bytes, never a 5xx.
    const text = mutation.kind === "body-shape" ? mutation.body : `name,value\n${mutation.kind === "body-value" || mutation.kind === "body-key" ? mutation.text.text : "a"},1\n`;
    built.body = { bytes: bodyBytes(text), contentType: UPLOAD_TYPES[text.length % UPLOAD_TYPES.length] ?? "text/csv" };
    return built;
  }
  let body: unknown = example;
  if (mutation.kind === "body-value") body = leaf ? replaceAt(example, leaf, mutation.text.text) : { ...example, note: mutation.text.text };
  if (mutation.kind === "body-type") {
    // One property of the example of another type: past the first check, into the schema's corners.
    const keys = Object.keys(example);
    body = { ...example, [keys[mutation.key % Math.max(1, keys.length)] ?? "note"]: mutation.value };
  }
  if (mutation.kind === "body-key") body = { ...example, [mutation.text.text]: "value" };
  built.body = { bytes: mutation.kind === "body-shape" ? mutation.body : bodyBytes(JSON.stringify(body)), contentType: "application/json" };
  if (mutation.kind === "body-value") refuse(leaf ? fieldName(leaf) : "note", breaksTextRule(mutation.text.text));
  if (mutation.kind === "body-key") refuse("*", breaksTextRule(mutation.text.text));
  return built;
}

/** Ids every 2xx answer gave back: with the fixture's, the only rows the run may leave. */
const returnedIds = new Set<string>();
function collectIds(value: unknown): void {
  if (typeof value === "string" && /^[a-z]+_[1-9A-HJ-NP-Za-km-z]{10,}$/.test(value)) returnedIds.add(value);
  else if (Array.isArray(value)) value.forEach(collectIds);
  else if (value && typeof value === "object") Object.values(value).forEach(collectIds);
}

let tried = 0;
let failedWith5xx = 0;
let fixture: RouteFixture;
const routes = () => listRoutes(testApp().app, yamlText);

async function check(route: RouteInfo, mutation: Mutation, testMode: boolean): Promise<void> {
  const built = build(route, fixture, mutation);
  tried++;
  const response = await fixture.send(route, { ...built, caller: callerFor(route, testMode) });
  const label = `${route.key} ${JSON.stringify({ ...mutation, ...built, body: undefined })}`;
  if (response.status >= 500) failedWith5xx++;
  expect(response.status, label).toBeLessThan(500);
  if (response.headers.get("content-type")?.includes("text/event-stream")) return void (await response.body?.cancel());
  const text = await response.text();
  const body: unknown = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
  // (The payment sandbox answers in Pesapal's shapes, not ours.)
  if (response.status >= 400 && isServerPath(built.path) && !built.path.startsWith("/sandbox/") && body !== undefined) {
    const parsed = ErrorBodySchema.safeParse(body);
    expect(parsed.success, `${label}: ${text.slice(0, 300)}`).toBe(true);
    expect(parsed.data?.error.request_id, label).toMatch(/\S/);
  }
  if (built.refusedField) {
    expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(422);
    const error = ErrorBodySchema.parse(body).error;
    expect(error.code, label).toBe("VALIDATION_FAILED");
    if (built.refusedField !== "*") expect(error.details?.map((detail) => detail.field), label).toContain(built.refusedField);
  }
  if (response.status < 300) collectIds(body);
}

beforeAll(async () => {
  fixture = await createRouteFixture(stand.current);
  fixture.ids.forEach((id) => returnedIds.add(id));
}, 60_000);

afterAll(() => {
  process.stdout.write(`fuzz: ${tried} generated requests, ${failedWith5xx} answered with a 5xx\n`);
});

describe("every route", () => {
  it("is in the app, for every operation of openapi.yaml, and each path parameter is known", () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((route) => route.documented).length).toBeGreaterThan(35);
    expect(all.flatMap((route) => unknownParams(route).map((name) => `${route.key} :${name}`)), "add new path parameters to testing/route-fixture.ts").toEqual([]);
  });

  it("never answers a 5xx, and refuses unsafe text naming the field, on any route", async () => {
    // Routes are known only once the app exists: one test, every route's failures listed together.
    const failures: string[] = [];
    for (const [index, route] of routes().entries()) {
      const leaves = stringLeaves(exampleBody(route)).length;
      try {
        await fc.assert(
          fc.asyncProperty(mutations(route, leaves), fc.integer({ min: 0, max: 4 }), (mutation, mode) => check(route, mutation, mode === 0)),
          { numRuns: RUNS, seed: SEED + index },
        );
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
        failures.push(`${route.key}: ${error instanceof Error ? error.message.split("\n").slice(0, 3).join(" ") : String(error)} ${cause.slice(0, 600)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers a malformed id like a well-formed id that does not exist, on every route with one (404, the same error)", async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      for (const name of route.params) {
        const prefix = idPrefixOf(route, name);
        if (!prefix) continue;
        const answer = async (value: string) => {
          const params = route.params.map((other) => encodeURIComponent(other === name ? value : fixture.param(route, other)));
          const path = route.path.replace(/:[A-Za-z_]+/g, () => params.shift() ?? "x");
          const example = route.body === "json" ? { bytes: JSON.stringify(hasExampleBody(route) ? exampleBody(route) : {}), contentType: "application/json" } : undefined;
          const response = await fixture.send(route, { path, caller: callerFor(route, false), ...(example ? { body: example } : {}) });
          const error = response.headers.get("content-type")?.includes("json") ? ErrorBodySchema.safeParse(await response.json()).data?.error : undefined;
          return `${response.status} ${error?.code} ${error?.message}`;
        };
        const missing = await answer(newId(prefix));
        if (!missing.startsWith("404 ")) wrong.push(`${route.key} :${name} nonexistent: ${missing}`);
        for (const malformed of ["x", `${prefix}_`, `${prefix}_${"1".repeat(21)}`, `${prefix}_${"0".repeat(22)}`, `${newId(prefix)}x`, newId(prefix === "wf" ? "whe" : "wf"), "x..y", "a".repeat(300), "wf_1; drop table workflows"]) {
          const got = await answer(malformed);
          if (got !== missing) wrong.push(`${route.key} :${name}=${malformed}: ${got} (nonexistent: ${missing})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("left no row that no successful answer named (no half-stored object)", async () => {
    const db = testApp().database.db;
    const strays: string[] = [];
    for (const table of ["workflows", "webhook_endpoints", "datasets", "analyses"] as const) {
      // A stream's first batch also makes the dataset of its history, which that answer does not name.
      const streamHistory = table === "datasets" ? sql`and format <> 'stream'` : sql``;
      const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} where user_id = ${fixture.userId} ${streamHistory}`.execute(db);
      for (const { id } of rows) if (!returnedIds.has(id)) strays.push(`${table} ${id}`);
    }
    expect(strays).toEqual([]);
  });

  it("logged no error: no 500, no failed request", () => {
    const errors = testApp().logs.filter((line) => /"level":"(error|fatal)"/.test(line));
    expect(errors.map((line) => line.slice(0, 400))).toEqual([]);
  });
});
