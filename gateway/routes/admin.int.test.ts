import { describe, expect, it } from "vitest";
import { AdminStatsSchema, AdminUserListSchema, AuditListSchema, IncidentSchema, PackageDefinitionSchema } from "../../core/contracts/admin.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { waitFor } from "../../testing/wait-for.js";
import { useTestApp } from "../../testing/gateway.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const DAY = 86_400_000;

async function signedIn(role: "admin" | "user" = "admin", fullName?: string) {
  const account = await createAccount(db(), { role, ...(fullName ? { fullName } : {}) });
  const client = new BrowserClient(testApp.current.app);
  expect((await client.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  return { id: account.id, email: account.email, client };
}

const json = async (response: Response) => (await response.json()) as unknown;

const ADMIN_ENDPOINTS: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/users.csv"],
  ["GET", "/api/admin/billing.csv"],
  ["PUT", "/api/admin/users/usr_x/role", { role: "admin" }],
  ["POST", "/api/admin/usage", { user_id: "usr_x", endpoint: "/api/general", request_count: 1 }],
  ["GET", "/api/admin/packages"],
  ["PATCH", "/api/admin/packages/starter", { request_limit: 1 }],
  ["GET", "/api/admin/audit"],
  ["GET", "/api/admin/incidents"],
  ["POST", "/api/admin/incidents", { title: "x" }],
  ["PATCH", "/api/admin/incidents/inc_x", { status: "resolved" }],
];

describe("admin API", () => {
  it("refuses every endpoint to users (403) and visitors (401)", async () => {
    const user = await signedIn("user");
    for (const [method, path, body] of ADMIN_ENDPOINTS) {
      expect((await user.client.request(path, { method, ...(body ? { json: body } : {}) })).status, `${method} ${path}`).toBe(403);
      expect((await new BrowserClient(testApp.current.app).request(path, { method, ...(body ? { json: body } : {}) })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("counts the stat cards and lists users with package, usage, limit and the spec's statuses, searchable", async () => {
    const admin = await signedIn();
    const before = AdminStatsSchema.parse(await json(await admin.client.request("/api/admin/stats")));
    const customer = await createAccount(db(), { fullName: "Zelda Quartermain" });
    await seedPaidPeriod(db(), { userId: customer.id, packageName: "starter", priceCents: 29_00, startsAt: new Date(), endsAt: new Date(Date.now() + 3 * DAY) });
    await db().insertInto("billing_history").values({ id: `bill_${customer.id}`, user_id: customer.id, amount: 29_00, status: "pending" }).execute();
    const { authorization } = await createKeyedAccount(db(), { userId: customer.id });
    for (let i = 0; i < 2; i++) expect((await testApp.current.app.request("/v1/usage", { headers: authorization })).status).toBe(200);

    const after = AdminStatsSchema.parse(await json(await admin.client.request("/api/admin/stats")));
    expect(after.total_users - before.total_users).toBe(1);
    expect(after.active_packages - before.active_packages).toBe(1);
    expect(after.expiring_soon - before.expiring_soon).toBe(1);
    expect(after.pending_payments - before.pending_payments).toBe(1);

    const { users, total } = AdminUserListSchema.parse(await json(await admin.client.request("/api/admin/users?search=quartermain")));
    expect(total).toBe(1);
    expect(users[0]).toMatchObject({
      id: customer.id,
      full_name: "Zelda Quartermain",
      role: "user",
      package_display_name: "Starter",
      usage: 2,
      limit: 5_000,
      subscription_status: "active",
      status_badge: "Expiring Soon",
      period: "monthly",
      amount: 29_00,
    });
    const csv = await (await admin.client.request("/api/admin/users.csv")).text();
    expect(csv.split("\r\n")[0]).toBe("id,email,full_name,role,package,subscription,status,usage,limit,expires_at,next_billing_date,amount_cents");
    expect(csv).toContain(`${customer.id},${customer.email},Zelda Quartermain,user,Starter,active,Expiring Soon,2,5000,`);
  });

  it("changes a role, audited, but never an administrator's own", async () => {
    const admin = await signedIn();
    const user = await createAccount(db());
    const response = await admin.client.request(`/api/admin/users/${user.id}/role`, { method: "PUT", json: { role: "admin" } });
    expect(response.status).toBe(200);
    expect((await db().selectFrom("user_roles").select("role").where("user_id", "=", user.id).executeTakeFirstOrThrow()).role).toBe("admin");
    expect((await admin.client.request(`/api/admin/users/${admin.id}/role`, { method: "PUT", json: { role: "user" } })).status).toBe(409);
    const audit = AuditListSchema.parse(await json(await admin.client.request("/api/admin/audit?action=user.role_set")));
    expect(audit.entries.find((entry) => entry.target_id === user.id)).toMatchObject({ actor_user_id: admin.id, actor_email: admin.email, metadata: { before: { role: "user" }, after: { role: "admin" } } });
  });

  it("edits a package, and the gateway meters accounts on it by the new limit within a second", async () => {
    const admin = await signedIn();
    const { userId, authorization } = await createKeyedAccount(db());
    await seedPaidPeriod(db(), { userId, packageName: "professional_500000", priceCents: 690_00, startsAt: new Date(), endsAt: new Date(Date.now() + 30 * DAY) });
    await db().updateTable("user_packages").set({ request_limit: null }).where("user_id", "=", userId).execute();
    const limit = async () => ((await (await testApp.current.app.request("/v1/usage", { headers: authorization })).json()) as { requests_limit: number | null }).requests_limit;
    expect(await limit()).toBe(500_000);
    const response = await admin.client.request("/api/admin/packages/professional_500000", { method: "PATCH", json: { request_limit: 600_000 } });
    expect(response.status).toBe(200);
    expect(PackageDefinitionSchema.parse(await json(response)).request_limit).toBe(600_000);
    await waitFor(async () => ((await limit()) === 600_000 ? true : undefined), 1_000);
    expect((await admin.client.request("/api/admin/packages/professional_500000", { method: "PATCH", json: {} })).status).toBe(422);
    expect((await admin.client.request("/api/admin/packages/nope", { method: "PATCH", json: { is_active: false } })).status).toBe(404);
  });

  it("sets a day's usage so the user's next API call over the allowance is refused, audited", async () => {
    const admin = await signedIn();
    const { userId, authorization } = await createKeyedAccount(db());
    expect((await testApp.current.app.request("/v1/usage", { headers: authorization })).status).toBe(200);
    const response = await admin.client.request("/api/admin/usage", { method: "POST", json: { user_id: userId, endpoint: "/api/general", request_count: 1_000 } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ user_id: userId, previous: 1, current: 1_000, month_usage: 1_000, limit: 1_000, remaining: 0 });
    const refused = await testApp.current.app.request("/v1/usage", { headers: authorization });
    expect(refused.status).toBe(429);
    const [entry] = await db().selectFrom("audit_log").select(["action", "metadata"]).where("target_id", "=", userId).where("action", "=", "usage.set").execute();
    expect(entry?.metadata).toMatchObject({ endpoint: "/api/general", before: { request_count: 1 }, after: { request_count: 1_000 } });

    const missing = await admin.client.request("/api/admin/usage", { method: "POST", json: { user_id: userId, request_count: 5 } });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await json(missing))).toContain("Please fill in all required fields");
    expect((await admin.client.request("/api/admin/usage", { method: "POST", json: { user_id: userId, endpoint: "/api/general", request_count: 0 } })).status).toBe(422);
    expect((await admin.client.request("/api/admin/usage", { method: "POST", json: { user_id: "usr_nobody", endpoint: "/api/general", request_count: 5 } })).status).toBe(404);
  });

  it("opens and resolves an incident, shown on the public status API and e-mailed to confirmed subscribers", async () => {
    const admin = await signedIn();
    const subscriberEmail = `watcher-${Date.now()}@example.test`;
    await db().insertInto("status_subscribers").values({ id: `sub_${Date.now()}`, email: subscriberEmail, confirmed_at: new Date() }).execute();
    await db().insertInto("status_subscribers").values({ id: `sub_pending_${Date.now()}`, email: `pending-${subscriberEmail}` }).execute();
    const notices = () => db().selectFrom("email_outbox").select(["to_address", "subject", "text_body"]).where("template", "=", "status-incident").where("to_address", "like", `%${subscriberEmail}`).orderBy("created_at").execute();
    const created = await admin.client.request("/api/admin/incidents", { method: "POST", json: { title: "Webhook delays", description: "Deliveries are slow.", impact: "major" } });
    expect(created.status).toBe(201);
    const incident = IncidentSchema.parse(await json(created));
    expect(incident).toMatchObject({ status: "investigating", resolved_at: null });
    const status = (await json(await testApp.current.app.request("/api/status"))) as { incidents: Array<{ id: string; title: string }> };
    expect(status.incidents.map((i) => i.title)).toContain("Webhook delays");
    const [opened] = await notices();
    expect(opened).toMatchObject({ to_address: subscriberEmail, subject: "[Sluice status] Webhook delays: Investigating" });
    expect(opened?.text_body).toContain("Deliveries are slow.");
    // A change of wording alone e-mails nobody; a change of status does.
    expect((await admin.client.request(`/api/admin/incidents/${incident.id}`, { method: "PATCH", json: { description: "Deliveries are slow in eu-west." } })).status).toBe(200);
    expect(await notices()).toHaveLength(1);
    const resolved = IncidentSchema.parse(await json(await admin.client.request(`/api/admin/incidents/${incident.id}`, { method: "PATCH", json: { status: "resolved" } })));
    expect(resolved.resolved_at).not.toBeNull();
    expect((await notices()).map((notice) => notice.subject)).toEqual(["[Sluice status] Webhook delays: Investigating", "[Sluice status] Webhook delays: Resolved"]);

    // Every notice's unsubscribe link works (it is signed, not stored); a forged one does not.
    const token = new URL(opened?.text_body.match(/https?:\/\/\S*unsubscribe=\S+/)?.[0] ?? "http://x").searchParams.get("unsubscribe") ?? "";
    const visitor = new BrowserClient(testApp.current.app);
    expect((await visitor.post("/api/status/subscription/unsubscribe", { token: `${token.slice(0, -2)}xx` })).status).toBe(400);
    expect((await visitor.post("/api/status/subscription/unsubscribe", { token })).status).toBe(200);
    expect((await db().selectFrom("status_subscribers").select("unsubscribed_at").where("email", "=", subscriberEmail).executeTakeFirstOrThrow()).unsubscribed_at).not.toBeNull();
    expect((await db().selectFrom("audit_log").select("action").where("target_id", "=", incident.id).orderBy("created_at").execute()).map((r) => r.action)).toEqual([
      "incident.created",
      "incident.updated",
      "incident.updated",
    ]);
  });
});
