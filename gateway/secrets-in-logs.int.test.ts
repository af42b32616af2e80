import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CSRF_COOKIE } from "../core/contracts/auth.js";
import { CreatedKeySchema } from "../core/contracts/api-keys.js";
import { latestEmail, tokenFromText } from "../testing/accounts.js";
import { BrowserClient } from "../testing/browser-client.js";
import { findSecretsInText } from "../testing/captured-logs.js";
import { useTestDatabase } from "../testing/database.js";
import { startEngineProcess, type EngineProcess } from "../testing/engine-process.js";
import { randomSuffix } from "../testing/environment.js";
import { startGatewayProcess, type GatewayProcess } from "../testing/gateway-process.js";
import { useHttpReceiver } from "../testing/http-receiver.js";
import { CARD, checkout, payOnHostedPage, verifyReturn } from "../testing/payment-stand.js";
import { waitFor } from "../testing/wait-for.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./auth/session-cookies.js";

/**
 * The info-level logs of the real gateway and engine processes through a customer's whole flow:
 * sign-up, confirmation, password reset, sign-in and refresh, API keys, webhook endpoints and
 * their secret's rotation, a workflow triggered by its hook and by the API (its HTTP step sending
 * a credential of the customer's), signed webhook deliveries, and a checkout paid on the payment
 * page. Every secret the flow used is collected, and neither it nor anything shaped like a
 * secret may appear in any log line (SECURITY.md).
 */
const database = useTestDatabase();
const receiver = useHttpReceiver();
const dataDir = mkdtempSync(join(tmpdir(), "sluice-logs-"));
let gateway: GatewayProcess;
let engine: EngineProcess;

beforeAll(async () => {
  const prefix = `logs:${randomSuffix()}`;
  const env = { DATABASE_URL: database.current.url, DATA_DIR: dataDir, LOG_LEVEL: "info", REDIS_KEY_PREFIX: `${prefix}:`, QUEUE_PREFIX: `{${prefix}}` };
  [gateway, engine] = await Promise.all([startGatewayProcess(env), startEngineProcess({ ...env, OUTBOUND_ALLOW_PRIVATE: "true" })]);
}, 90_000);
afterAll(async () => {
  await Promise.allSettled([gateway?.stop(), engine?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const WorkflowSchema = z.object({ id: z.string(), webhook_url: z.string().nullable() });
const EndpointSecretSchema = z.object({ secret: z.string().startsWith("whsec_") });
const ExecutionSchema = z.object({ execution_id: z.string() });

describe("secrets in the logs of a whole customer flow", () => {
  it("never writes a password, token, key, webhook or hook secret, or card number", async () => {
    const secrets = new Map<string, string>();
    const keep = (kind: string, value: string | undefined) => {
      expect(value, kind).toBeTruthy();
      secrets.set(`${kind} #${secrets.size}`, value ?? "");
      return value ?? "";
    };
    const fetcher = { request: (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, { ...init, redirect: "manual" }) };
    const browser = new BrowserClient(fetcher);
    const api = (key: string, path: string, init: { method?: string; json?: unknown } = {}) =>
      fetch(`${gateway.url}${path}`, {
        method: init.method ?? (init.json === undefined ? "GET" : "POST"),
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
    const expectStatus = async (response: Response | Promise<Response>, status: number) => {
      const answered = await response;
      expect(answered.status, `${answered.url}: ${answered.status === status ? "" : await answered.clone().text()}`).toBe(status);
      return answered;
    };
    const { db } = database.current;

    // Sign-up, confirmation, password reset, sign-in, refresh.
    const email = `logs-${randomSuffix()}@example.test`;
    const firstPassword = keep("password", "amber-quarry-7741");
    await expectStatus(browser.post("/auth/signup", { full_name: "Lise Meitner", email, password: firstPassword }), 201);
    const confirmation = keep("confirmation token", tokenFromText((await waitFor(() => latestEmail(db, email)))?.text_body ?? "", "confirmation_token"));
    await expectStatus(browser.post("/auth/confirm", { token: confirmation }), 200);
    await expectStatus(browser.post("/auth/forgot-password", { email }), 200);
    const resetMail = await waitFor(async () => {
      const mail = await latestEmail(db, email);
      return mail?.text_body.includes("/reset-password") ? mail : undefined;
    });
    const reset = keep("reset token", tokenFromText(resetMail.text_body, "token"));
    const secondPassword = keep("password", "cobalt-meadow-9320");
    await expectStatus(browser.post("/auth/reset-password", { token: reset, password: secondPassword }), 200);
    await expectStatus(browser.post("/auth/signin", { email, password: secondPassword }), 200);
    keep("refresh token", browser.cookie(REFRESH_COOKIE));
    await expectStatus(browser.post("/auth/refresh"), 200);
    keep("access token", browser.cookie(ACCESS_COOKIE));
    keep("refresh token", browser.cookie(REFRESH_COOKIE));
    keep("CSRF token", browser.cookie(CSRF_COOKIE));

    // API keys.
    const created = async (mode: "live" | "test") => CreatedKeySchema.parse(await (await expectStatus(browser.post("/api/keys", { name: `${mode} key`, mode, permission: "admin" }), 201)).json());
    const live = keep("API key", (await created("live")).secret);
    keep("API key", (await created("test")).secret);

    // A webhook endpoint, its secret rotated.
    const endpoint = await expectStatus(api(live, "/v1/webhook-endpoints", { json: { url: `${receiver.current.url}/events`, events: ["workflow.triggered", "workflow.completed"] } }), 201);
    const { id: endpointId } = z.object({ id: z.string() }).parse(await endpoint.clone().json());
    keep("webhook secret", EndpointSecretSchema.parse(await endpoint.json()).secret);
    const rotated = await expectStatus(api(live, `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { json: {} }), 200);
    keep("webhook secret", EndpointSecretSchema.parse(await rotated.json()).secret);

    // A workflow triggered by its hook and by the API; its HTTP step carries the customer's credential.
    const targetCredential = keep("HTTP step credential", `tgt_${randomSuffix()}${randomSuffix()}`);
    const workflow = WorkflowSchema.parse(
      await (
        await expectStatus(
          api(live, "/v1/workflows", {
            json: {
              name: "Forward orders",
              trigger: { type: "webhook", config: {} },
              actions: [{ type: "http_request", name: "forward", config: { url: `${receiver.current.url}/target`, headers: { "X-Api-Key": targetCredential }, body: { order: "{{trigger.data.order}}" } } }],
            },
          }),
          201,
        )
      ).json(),
    );
    const hookUrl = workflow.webhook_url ?? "";
    keep("hook secret", hookUrl.split("/").at(-1));
    await expectStatus(fetch(hookUrl.replace(/^https?:\/\/[^/]+/, gateway.url), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ order: 1 }) }), 202);
    ExecutionSchema.parse(await (await expectStatus(api(live, `/v1/workflows/${workflow.id}/execute`, { json: { data: { order: 2 } } }), 202)).json());
    // Two HTTP steps and, for each run, its triggered and completed deliveries.
    await receiver.current.waitForRequests(6, 20_000);

    // A checkout paid on the payment page.
    const order = await checkout(browser, { plan: "starter", period: "monthly", amount: 2_900 });
    keep("card number", CARD.card_number);
    const returnUrl = await payOnHostedPage(order.redirect_url, CARD);
    expect((await verifyReturn(browser, returnUrl)).status).toBe(200);

    const logs = `${gateway.output()}\n${engine.output()}`;
    expect(logs.split("\n").filter((line) => line.includes('"msg":"request"')).length, "the request lines were captured").toBeGreaterThan(20);
    expect(logs, "the hook's request line is there, masked").toContain(`/hooks/${workflow.id}/***`);
    const leaked = [...secrets].filter(([, value]) => logs.includes(value)).map(([kind]) => kind);
    expect(leaked, "secrets of the flow found in the logs").toEqual([]);
    expect(findSecretsInText(logs), "anything shaped like a secret").toEqual([]);
  });
});
