import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../core/errors.js";
import { createLogger } from "../core/logger.js";
import { createAccount, createKeyedAccount } from "../testing/accounts.js";
import { BrowserClient } from "../testing/browser-client.js";
import { createApiCaller, useTestApp } from "../testing/gateway.js";
import { createPortalFixture, FIXTURE_ASSET } from "../testing/portal-fixture.js";
import { MAX_JSON_DEPTH } from "./http/json-scan.js";
import { listen } from "./server.js";

/** Hostile input that is not random (issue 13): the shapes attackers actually send. */
// GitHub sign-in is configured so its redirects are checked too.
const testApp = useTestApp({ PORTAL_DIST_DIR: createPortalFixture(), TRUST_PROXY: "true", GITHUB_CLIENT_ID: "abuse-client", GITHUB_CLIENT_SECRET: "abuse-secret" });
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);
const codeOf = async (response: Response) => ErrorBodySchema.parse(await response.json()).error.code;

/** Sends raw bytes to a listening copy of the app; resolves with what came back before the socket closed. */
async function raw(bytes: string): Promise<string> {
  const listening = await listen(testApp.current.app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 500, logger: createLogger({ level: "silent", name: "t" }) });
  try {
    const { port } = new URL(listening.url);
    return await new Promise((resolve) => {
      let answer = "";
      const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => socket.write(bytes));
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("error", () => undefined);
      socket.setTimeout(3_000, () => socket.destroy());
      socket.on("close", () => resolve(answer));
    });
  } finally {
    await listening.shutdown();
  }
}

describe("deeply nested JSON", () => {
  it(`is refused with 400 past ${MAX_JSON_DEPTH} levels on every JSON route, before anything tries to store or log it`, async () => {
    const { authorization } = await createKeyedAccount(db());
    const created = await call(authorization, "POST", "/v1/workflows", { name: "Deep", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] });
    const { id } = (await created.json()) as { id: string };
    const deep = `{"data":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`;
    for (const path of [`/v1/workflows/${id}/execute`, "/v1/workflows", "/v1/data/analyze", "/v1/streams/deep/events"]) {
      const response = await call(authorization, "POST", path, deep);
      expect(response.status, path).toBe(400);
      expect(await codeOf(response)).toBe("MALFORMED_JSON");
    }
    const shallow = `{"data":${'{"a":'.repeat(MAX_JSON_DEPTH - 2)}1${"}".repeat(MAX_JSON_DEPTH - 2)}}`;
    expect((await call(authorization, "POST", `/v1/workflows/${id}/execute`, shallow)).status).toBe(202);
  });
});

describe("text the input rule refuses (NUL, unpaired surrogates, percent-encodings that are not UTF-8)", () => {
  const refusal = async (response: Response) => {
    const body = ErrorBodySchema.parse(await response.json());
    return { status: response.status, code: body.error.code, fields: body.error.details?.map((detail) => detail.field) };
  };
  const refused = (...fields: string[]) => ({ status: 422, code: "VALIDATION_FAILED", fields });

  it("is refused before credentials are looked at: a hook's path, a query string, a cookie", async () => {
    expect(await refusal(await testApp.current.app.request("/hooks/a%00b/x", { method: "POST" }))).toEqual(refused("path.workflow_id"));
    expect(await refusal(await testApp.current.app.request("/hooks/wf_x/%ED%A0%80", { method: "POST" }))).toEqual(refused("path.secret"));
    expect(await refusal(await testApp.current.app.request("/v1/datasets?page=1&name=a%00"))).toEqual(refused("query.name"));
    expect(await refusal(await testApp.current.app.request("/auth/user", { headers: { Cookie: "other=%00; sluice_csrf=%C0%80" } }))).toEqual(refused("cookie.sluice_csrf"));
    // The same over a socket, where the body is read straight from Node's request.
    const body = '{"email":"a@example.test","password":"x\\u0000"}';
    const answer = await raw(`POST /auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    expect(answer).toMatch(/^HTTP\/1\.1 422/);
    expect(answer).toContain('"field":"password"');
  });

  it("names each field of a JSON body that holds it, and stores nothing", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const workflow = {
      name: "Nightly\u0000",
      trigger: { type: "manual", config: {} },
      actions: [{ type: "http_request", name: "call", config: { url: "https://example.com/\ud800", headers: { "X-\udc00": "1" } } }],
    };
    const response = await call(authorization, "POST", "/v1/workflows", workflow);
    expect(await refusal(response)).toEqual(refused("name", "actions[0].config.url", 'actions[0].config.headers["X-\\udc00"]'));
    expect(await db().selectFrom("workflows").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("keeps a stream's event ids, fields and dimensions from the ingest script: nothing is counted", async () => {
    const { authorization } = await createKeyedAccount(db());
    const batch = (id: string) => `{"events":[{"id":"${id}","timestamp":"2026-11-25T10:00:00Z","fields":{"v":1},"dimensions":{"region":"eu"}}]}`;
    expect(await refusal(await call(authorization, "POST", "/v1/streams/checkout/events", batch("\\ud800")))).toEqual(refused("events[0].id"));
    expect(await refusal(await call(authorization, "POST", "/v1/streams/checkout/events", batch("a\\u0000")))).toEqual(refused("events[0].id"));
    expect((await call(authorization, "GET", "/v1/streams/checkout")).status).toBe(404);
    // The same batch with a proper pair (an emoji written as two escapes) is counted.
    expect(await (await call(authorization, "POST", "/v1/streams/checkout/events", batch("\\ud83d\\ude00"))).json()).toMatchObject({ accepted: 1 });
  });

  it("is refused in form and text bodies too, and lets through text that only looks like it", async () => {
    const form = (body: string | FormData, type?: string) =>
      testApp.current.app.request("/sandbox/pesapal/pay/some-order", { method: "POST", body, ...(type ? { headers: { "Content-Type": type } } : {}) });
    expect(await refusal(await form("method=card&card_name=Ada%00", "application/x-www-form-urlencoded"))).toEqual(refused("card_name"));
    const multipart = new FormData();
    multipart.set("card_name", "Ada\u0000");
    expect(await refusal(await form(multipart))).toEqual(refused("card_name"));
    expect(await refusal(await form("OrderTrackingId=x\u0000", "text/plain"))).toEqual(refused("(body)"));
    // Escaped backslashes, percent signs as text, and U+FFFD are ordinary text.
    const { authorization } = await createKeyedAccount(db());
    const lookalike = { name: "\\u0000 %00 %ED%A0%80 \ufffd", trigger: { type: "manual", config: {} }, actions: [{ type: "transform", name: "s", config: { output: {} } }] };
    const created = await call(authorization, "POST", "/v1/workflows", lookalike);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: lookalike.name });
  });
});

describe("malformed and smuggling-style requests", () => {
  it("answers 400 and closes the connection: both Content-Length and Transfer-Encoding, conflicting lengths, bad header bytes, obsolete line folding", async () => {
    const requests = [
      "POST /v1/workflows HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\nHost: x\r\n\r\n",
      "POST /v1/workflows HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 40\r\n\r\nabcd",
      "GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n",
    ];
    for (const request of requests) {
      const answer = await raw(request);
      expect(answer, JSON.stringify(request)).toMatch(/^HTTP\/1\.1 400/);
      expect(answer.match(/HTTP\/1\.1/g), "one answer only: nothing smuggled behind").toHaveLength(1);
    }
  });
});

describe("path traversal", () => {
  it("serves nothing outside the portal's directory, however the path is encoded", async () => {
    for (const path of ["/assets/../../package.json", "/assets/%2e%2e/%2e%2e/package.json", "/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fpackage.json", "/..%5c..%5cpackage.json", `/assets/${FIXTURE_ASSET}%00.png`]) {
      const response = await testApp.current.app.request(path);
      const body = await response.text();
      expect(body, path).not.toContain('"name": "sluice"');
      expect(body, path).not.toContain("root:");
    }
  });

  it("addresses datasets only by id: a traversal in the id is not found", async () => {
    const { authorization } = await createKeyedAccount(db());
    for (const id of ["..%2F..%2Fetc%2Fpasswd", "ds_..", "%2e%2e"]) {
      const response = await call(authorization, "GET", `/v1/datasets/${id}`);
      expect([400, 404], id).toContain(response.status);
    }
  });
});

describe("CSRF", () => {
  it("refuses every state-changing /api and /auth route to a signed-in browser without the CSRF token (403)", async () => {
    const account = await createAccount(db());
    const browser = new BrowserClient(testApp.current.app);
    expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
    const routes = [...new Set(testApp.current.app.routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && /^\/(api|auth)\//.test(r.path)).map((r) => `${r.method} ${r.path}`))];
    expect(routes.length).toBeGreaterThan(30);
    const unguarded: string[] = [];
    for (const route of routes) {
      const [method = "POST", path = ""] = route.split(" ");
      const response = await browser.request(path.replace(/:[A-Za-z_]+/g, "x"), { method, json: {}, csrf: false });
      if (response.status !== 403 || (await codeOf(response)) !== "CSRF_FAILED") unguarded.push(`${route}: ${response.status}`);
    }
    expect(unguarded).toEqual([]);
  });
});

describe("open redirects", () => {
  const EVIL = "https://evil.example/phish";
  const REDIRECT_PARAMETERS = ["redirect", "redirect_to", "redirect_uri", "return", "return_to", "returnTo", "next", "url", "callback_url", "continue", "from"];

  it("redirects only to this site or the configured sign-in provider, whatever a GET route is given", async () => {
    const publicOrigin = new URL(testApp.current.config.PUBLIC_URL).origin;
    const allowed = new Set([publicOrigin, "https://github.com"]);
    const routes = [...new Set(testApp.current.app.routes.filter((r) => r.method === "GET").map((r) => r.path))];
    expect(routes.length).toBeGreaterThan(40);
    const query = new URLSearchParams([...REDIRECT_PARAMETERS.map((name) => [name, EVIL]), ["error", EVIL], ["code", "x"], ["state", "x"]]);
    const offsite: string[] = [];
    let redirects = 0;
    for (const route of routes) {
      for (const target of [EVIL, "//evil.example/phish", "/\\evil.example/phish"]) {
        query.forEach((_value, name) => query.set(name, name === "code" || name === "state" ? "x" : target));
        const path = route.replace(":provider", "github").replace(/:[A-Za-z_]+/g, "x").replace("*", "anything");
        const response = await testApp.current.app.request(`${path}?${query}`, { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } });
        await response.body?.cancel();
        const location = response.headers.get("Location");
        if (location === null) continue;
        redirects++;
        // A relative Location resolves against this site; "//host" and "/\\host" would not.
        const resolved = new URL(location, publicOrigin);
        if (!allowed.has(resolved.origin)) offsite.push(`${route} -> ${location}`);
      }
    }
    expect(redirects, "the OAuth routes redirect").toBeGreaterThan(0);
    expect(offsite).toEqual([]);
  });
});

describe("credential stuffing", () => {
  it("refuses one address trying many accounts after 50 failures in 15 minutes, whatever the accounts", async () => {
    const browser = new BrowserClient(testApp.current.app);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await browser.post("/auth/signin", { email: `victim-${i}@example.test`, password: "Password123!" })).status);
    // A wrong address or password answers 400 (the same for both: nothing tells which accounts exist).
    expect(new Set(statuses.slice(0, 50))).toEqual(new Set([400]));
    expect(statuses[50]).toBe(429);
    // Another address is not held up.
    const other = new BrowserClient(testApp.current.app);
    expect((await other.post("/auth/signin", { email: "victim-0@example.test", password: "Password123!" })).status).toBe(400);
  }, 60_000);
});
