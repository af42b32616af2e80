import { describe, expect, it } from "vitest";
import { STATUS_LINK_PARAMS, STATUS_MESSAGES, StatusMessageSchema, StatusPageSchema } from "../../core/contracts/status.js";
import { newId } from "../../core/ids.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { latestEmail, tokenFromText } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestApp } from "../../testing/gateway.js";

const testApp = useTestApp({ TRUST_PROXY: "true", PUBLIC_URL: "https://sluice.example" });
const browser = (address?: string) => new BrowserClient(testApp.current.app, address);
const db = () => testApp.current.database.db;
const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;

async function errorOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

async function statusPage(client = browser()) {
  const response = await client.request("/api/status");
  expect(response.status).toBe(200);
  return StatusPageSchema.parse(await response.json());
}

/** The token of the newest e-mail to `email` with the given template, from its link's parameter. */
async function linkToken(email: string, template: string, parameter: string): Promise<string> {
  const mail = await latestEmail(db(), email);
  expect(mail?.template).toBe(template);
  expect(mail?.text_body).toContain(`https://sluice.example/status?${parameter}=`);
  return tokenFromText(mail?.text_body ?? "", parameter);
}

function subscriber(email: string) {
  return db().selectFrom("status_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
}

describe("GET /api/status", () => {
  it("answers without a session; with no samples the engine's components read down and the rest up", async () => {
    const page = await statusPage();
    expect(page.components.map((component) => [component.id, component.status])).toEqual([
      ["gateway", "operational"],
      ["database", "operational"],
      ["queue_workers", "down"],
      ["webhook_delivery", "down"],
      ["analytics_engine", "down"],
    ]);
    expect(page.status).toBe("down");
    for (const component of page.components) {
      expect(component.history).toHaveLength(90);
      expect(component.uptime_percent).toBeNull();
      expect(component.latency_ms).toBeNull();
    }
    expect(page.incidents).toEqual([]);
  });

  it("computes status, uptime, median response time and daily history from the samples, and lists incidents newest first", async () => {
    const now = Date.now();
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
    const dayAgo = (days: number) => new Date(now - days * 86_400_000);
    const components = ["gateway", "database", "queue_workers", "webhook_delivery", "analytics_engine"];
    await db()
      .insertInto("status_samples")
      .values([
        // The last hour: the gateway's median of 10, 20, 30 and 40 ms is 25; its latest sample is degraded.
        { component: "gateway", status: "operational", latency_ms: 10, checked_at: minutesAgo(50) },
        { component: "gateway", status: "operational", latency_ms: 40, checked_at: minutesAgo(30) },
        { component: "gateway", status: "down", latency_ms: null, checked_at: minutesAgo(20) },
        { component: "gateway", status: "operational", latency_ms: 20, checked_at: minutesAgo(10) },
        { component: "gateway", status: "degraded", latency_ms: 30, checked_at: minutesAgo(1) },
        // Two days ago: three samples up and one down.
        { component: "gateway", status: "operational", latency_ms: 5, checked_at: dayAgo(2) },
        { component: "gateway", status: "operational", latency_ms: 5, checked_at: dayAgo(2) },
        { component: "gateway", status: "operational", latency_ms: 5, checked_at: dayAgo(2) },
        { component: "gateway", status: "down", latency_ms: null, checked_at: dayAgo(2) },
        // Beyond the 90-day window: ignored.
        { component: "gateway", status: "down", latency_ms: null, checked_at: dayAgo(95) },
        ...components.slice(1).map((component) => ({ component, status: "operational", latency_ms: 7, checked_at: minutesAgo(2) })),
      ])
      .execute();
    await db()
      .insertInto("incidents")
      .values([
        { id: newId("inc"), title: "Webhook delays", description: "Deliveries were late.", status: "resolved", impact: "minor", started_at: dayAgo(3), resolved_at: dayAgo(3) },
        { id: newId("inc"), title: "Database maintenance", status: "completed", impact: "none", started_at: dayAgo(1), resolved_at: dayAgo(1) },
      ])
      .execute();

    const page = await statusPage();
    const gateway = page.components.find((component) => component.id === "gateway");
    expect(gateway).toMatchObject({ name: "API Gateway", status: "degraded", latency_ms: 25, checked_at: minutesAgo(1).toISOString() });
    // 9 samples in the window, 2 of them down.
    expect(gateway?.uptime_percent).toBe(77.77);
    const days = new Map(gateway?.history.map((day) => [day.date, day]));
    expect(days.get(dayAgo(2).toISOString().slice(0, 10))).toEqual({ date: dayAgo(2).toISOString().slice(0, 10), status: "down", uptime_percent: 75 });
    expect(gateway?.history.at(-1)?.date).toBe(new Date(now).toISOString().slice(0, 10));
    expect(page.components.filter((component) => component.id !== "gateway").map((component) => component.status)).toEqual([
      "operational",
      "operational",
      "operational",
      "operational",
    ]);
    expect(page.status).toBe("degraded");
    expect(page.incidents.map((incident) => [incident.title, incident.status])).toEqual([
      ["Database maintenance", "completed"],
      ["Webhook delays", "resolved"],
    ]);
    expect(page.incidents[1]).toMatchObject({ description: "Deliveries were late.", impact: "minor", resolved_at: dayAgo(3).toISOString() });
  });
});

describe("status e-mail subscriptions", () => {
  it("refuses a subscription without the CSRF header, even from an anonymous visitor", async () => {
    const response = await browser().post("/api/status/subscribe", { email: uniqueEmail("csrf") }, { csrf: false });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("CSRF_FAILED");
  });

  it("asks for a valid address", async () => {
    const response = await browser().post("/api/status/subscribe", { email: "not-an-address" });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).details).toEqual([{ field: "email", message: "Please enter a valid email address" }]);
  });

  it("stores a pending subscriber with hashed tokens, confirms it from the e-mailed link, then unsubscribes it", async () => {
    const email = uniqueEmail("reader");
    const client = browser();
    const answer = await client.post("/api/status/subscribe", { email });
    expect(answer.status).toBe(200);
    expect(StatusMessageSchema.parse(await answer.json())).toEqual({ message: STATUS_MESSAGES.subscribeSent });

    const pending = await subscriber(email);
    expect(pending).toMatchObject({ confirmed_at: null, unsubscribed_at: null });
    const confirmToken = await linkToken(email, "status-subscription-confirm", STATUS_LINK_PARAMS.confirm);
    const unsubscribeToken = tokenFromText((await latestEmail(db(), email))?.text_body ?? "", STATUS_LINK_PARAMS.unsubscribe);
    // Only digests are stored, never the tokens themselves.
    expect(pending?.confirm_token_hash?.length).toBe(32);
    expect(pending?.confirm_token_hash?.toString("base64url")).not.toBe(confirmToken);

    const wrong = await client.post("/api/status/subscription/confirm", { token: "x".repeat(43) });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe("INVALID_LINK");

    const confirmed = await client.post("/api/status/subscription/confirm", { token: confirmToken });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: STATUS_MESSAGES.confirmed });
    expect((await subscriber(email))?.confirmed_at).toBeInstanceOf(Date);

    const ended = await client.post("/api/status/subscription/unsubscribe", { token: unsubscribeToken });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ message: STATUS_MESSAGES.unsubscribed });
    expect((await subscriber(email))?.unsubscribed_at).toBeInstanceOf(Date);
    // Unsubscribing again is fine; the confirmation link no longer re-subscribes.
    expect((await client.post("/api/status/subscription/unsubscribe", { token: unsubscribeToken })).status).toBe(200);
    expect((await client.post("/api/status/subscription/confirm", { token: confirmToken })).status).toBe(400);
  });

  it("does not confirm with a link sent more than 7 days ago", async () => {
    const email = uniqueEmail("late");
    expect((await browser().post("/api/status/subscribe", { email })).status).toBe(200);
    const token = await linkToken(email, "status-subscription-confirm", STATUS_LINK_PARAMS.confirm);
    await db().updateTable("status_subscribers").set({ confirm_sent_at: new Date(Date.now() - 8 * 86_400_000) }).where("email", "=", email).execute();
    const response = await browser().post("/api/status/subscription/confirm", { token });
    expect(response.status).toBe(400);
    expect((await subscriber(email))?.confirmed_at).toBeNull();
  });

  it("answers the same for an address already subscribed, which gets a notice with a new unsubscribe link instead", async () => {
    const email = uniqueEmail("known");
    expect((await browser().post("/api/status/subscribe", { email })).status).toBe(200);
    const confirmToken = await linkToken(email, "status-subscription-confirm", STATUS_LINK_PARAMS.confirm);
    expect((await browser().post("/api/status/subscription/confirm", { token: confirmToken })).status).toBe(200);
    const fresh = uniqueEmail("fresh");

    const again = await browser().post("/api/status/subscribe", { email: email.toUpperCase() });
    const other = await browser().post("/api/status/subscribe", { email: fresh });
    expect([again.status, other.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await other.json());

    const notice = await latestEmail(db(), email.toUpperCase());
    expect(notice?.template).toBe("status-already-subscribed");
    expect(notice?.subject).toBe("You are already subscribed to Sluice status updates");
    expect((await subscriber(email))?.confirmed_at).toBeInstanceOf(Date);
    const unsubscribeToken = tokenFromText(notice?.text_body ?? "", STATUS_LINK_PARAMS.unsubscribe);
    expect((await browser().post("/api/status/subscription/unsubscribe", { token: unsubscribeToken })).status).toBe(200);
    expect((await subscriber(email))?.unsubscribed_at).toBeInstanceOf(Date);
  });

  it("lets an unsubscribed address subscribe again with a new confirmation", async () => {
    const email = uniqueEmail("returning");
    await browser().post("/api/status/subscribe", { email });
    const unsubscribeToken = tokenFromText((await latestEmail(db(), email))?.text_body ?? "", STATUS_LINK_PARAMS.unsubscribe);
    expect((await browser().post("/api/status/subscription/unsubscribe", { token: unsubscribeToken })).status).toBe(200);

    expect((await browser().post("/api/status/subscribe", { email })).status).toBe(200);
    const confirmToken = await linkToken(email, "status-subscription-confirm", STATUS_LINK_PARAMS.confirm);
    expect((await browser().post("/api/status/subscription/confirm", { token: confirmToken })).status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ unsubscribed_at: null });
  });

  it("limits subscriptions per client address and per e-mail address, with Retry-After", async () => {
    const client = browser("198.51.100.7");
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await client.post("/api/status/subscribe", { email: uniqueEmail(`burst${attempt}`) })).status).toBe(200);
    }
    const refused = await client.post("/api/status/subscribe", { email: uniqueEmail("burst11") });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);

    const target = uniqueEmail("target");
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await browser().post("/api/status/subscribe", { email: target })).status).toBe(200);
    }
    expect((await browser().post("/api/status/subscribe", { email: target })).status).toBe(429);
    const sent = await db().selectFrom("email_outbox").select("id").where("to_address", "=", target).execute();
    expect(sent).toHaveLength(3);
  });
});
