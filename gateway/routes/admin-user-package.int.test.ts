import { describe, expect, it } from "vitest";
import { UserPackageSchema } from "../../core/contracts/admin-billing.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { waitFor } from "../../testing/wait-for.js";
import { useTestApp } from "../../testing/gateway.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const DAY = 86_400_000;

async function requestLimit(authorization: { Authorization: string }): Promise<number | null> {
  const response = await testApp.current.app.request("/v1/usage", { headers: authorization });
  return ((await response.json()) as { requests_limit: number | null }).requests_limit;
}

/** A signed-in browser of a new account; `put(path, json)` is a PUT with CSRF. */
async function signedIn(role: "admin" | "user" = "admin") {
  const account = await createAccount(db(), { role });
  const client = new BrowserClient(testApp.current.app);
  expect((await client.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  return { id: account.id, put: (path: string, json: unknown) => client.request(path, { method: "PUT", json }) };
}

const packageOf = (userId: string) => db().selectFrom("user_packages").select(["package_name", "request_limit", "expires_at"]).where("user_id", "=", userId).executeTakeFirstOrThrow();

describe("PUT /api/admin/users/{id}/package", () => {
  it("puts an account on a package with an expiry, applied by the metered path within a second, and audited", async () => {
    const api = await signedIn();
    const { userId, authorization } = await createKeyedAccount(db());
    expect(await requestLimit(authorization)).toBe(1_000);

    const expiresAt = new Date(Date.now() + 10 * DAY).toISOString();
    const response = await api.put(`/api/admin/users/${userId}/package`, { package_name: "professional_500000", expires_at: expiresAt });
    expect(response.status).toBe(200);
    expect(UserPackageSchema.parse(await response.json())).toEqual({
      user_id: userId,
      package_name: "professional_500000",
      request_limit: 500_000,
      expires_at: expiresAt,
      message: "User package set to Professional 500K",
    });
    await waitFor(async () => ((await requestLimit(authorization)) === 500_000 ? true : undefined), 1_000);
    const [entry] = await db().selectFrom("audit_log").selectAll().where("target_id", "=", userId).where("action", "=", "user.package_set").execute();
    expect(entry).toMatchObject({ actor_user_id: api.id, target_type: "user" });
    expect(entry?.metadata).toMatchObject({ before: { package_name: "free" }, after: { package_name: "professional_500000", expires_at: expiresAt } });
  });

  it("ends a live subscription for another plan, and returns the account to free", async () => {
    const api = await signedIn();
    const { userId, authorization } = await createKeyedAccount(db());
    await seedPaidPeriod(db(), { userId, packageName: "starter", priceCents: 29_00, startsAt: new Date(), endsAt: new Date(Date.now() + 30 * DAY) });
    expect((await api.put(`/api/admin/users/${userId}/package`, { package_name: "enterprise" })).status).toBe(200);
    expect(await packageOf(userId)).toMatchObject({ package_name: "enterprise", expires_at: null });
    expect(await db().selectFrom("subscriptions").select("status").where("user_id", "=", userId).execute()).toEqual([{ status: "cancelled" }]);
    await waitFor(async () => ((await requestLimit(authorization)) === null ? true : undefined), 1_000);

    expect((await api.put(`/api/admin/users/${userId}/package`, { package_name: "free", expires_at: new Date(Date.now() + DAY).toISOString() })).status).toBe(200);
    expect(await packageOf(userId)).toEqual({ package_name: "free", request_limit: null, expires_at: null });
    await waitFor(async () => ((await requestLimit(authorization)) === 1_000 ? true : undefined), 1_000);
  });

  it("refuses an unknown package or user, a past expiry, and anyone but an administrator", async () => {
    const api = await signedIn();
    const { userId } = await createKeyedAccount(db());
    const unknownPackage = await api.put(`/api/admin/users/${userId}/package`, { package_name: "platinum" });
    expect(unknownPackage.status).toBe(422);
    expect(ErrorBodySchema.parse(await unknownPackage.json()).error.details).toEqual([{ field: "package_name", message: 'There is no package named "platinum".' }]);
    const past = await api.put(`/api/admin/users/${userId}/package`, { package_name: "starter", expires_at: new Date(Date.now() - DAY).toISOString() });
    expect(past.status).toBe(422);
    expect((await api.put("/api/admin/users/usr_missing/package", { package_name: "starter" })).status).toBe(404);
    expect((await packageOf(userId)).package_name).toBe("free");

    const asCustomer = await signedIn("user");
    expect((await asCustomer.put(`/api/admin/users/${userId}/package`, { package_name: "enterprise" })).status).toBe(403);
  });
});
