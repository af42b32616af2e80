import { describe, expect, it } from "vitest";
import { UsageSeriesSchema } from "../../core/contracts/usage.js";
import { utcDay } from "../../core/metering/calendar.js";
import { createAccount, createKeyedAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { useTestApp } from "../../testing/gateway.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const DAY = 86_400_000;

async function customer() {
  const account = await createAccount(db());
  const browser = new BrowserClient(testApp.current.app);
  expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  const { authorization } = await createKeyedAccount(db(), { userId: account.id });
  return { userId: account.id, browser, authorization };
}

async function series(browser: BrowserClient, days = 30) {
  const response = await browser.request(`/api/usage/daily?days=${days}`);
  expect(response.status).toBe(200);
  return UsageSeriesSchema.parse(await response.json());
}

const storeUsage = (userId: string, date: string, endpoint: string, requests: number, bytes = 0) =>
  db().insertInto("api_usage").values({ user_id: userId, date, endpoint, request_count: requests, bytes_processed: bytes }).execute();

describe("GET /api/usage/daily", () => {
  it("counts today's requests per category before the engine has flushed them, and stored days beside them", async () => {
    const { userId, browser, authorization } = await customer();
    const yesterday = utcDay(new Date(Date.now() - DAY));
    await storeUsage(userId, yesterday, "/api/analytics", 7);
    await storeUsage(userId, utcDay(new Date(Date.now() - 40 * DAY)), "/api/analytics", 99);
    for (let i = 0; i < 3; i++) expect((await testApp.current.app.request("/v1/workflows", { headers: authorization })).status).toBe(200);
    expect((await testApp.current.app.request("/v1/usage", { headers: authorization })).status).toBe(200);

    const { days } = await series(browser);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({
      date: utcDay(new Date()),
      requests: { "/api/data-processing": 3, "/api/analytics": 0, "/api/webhooks": 0, "/api/general": 1 },
      total: 4,
    });
    expect(days.at(-2)).toMatchObject({ date: yesterday, total: 7 });
    // 40 days ago is outside the 30 shown.
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(11);
  });

  it("shows only the signed-in user's usage and refuses a bad range or no session", async () => {
    const { browser } = await customer();
    const other = await customer();
    await storeUsage(other.userId, utcDay(new Date()), "/api/general", 5);
    expect((await series(browser, 7)).days.every((day) => day.total === 0)).toBe(true);
    expect((await browser.request("/api/usage/daily?days=91")).status).toBe(400);
    expect((await testApp.current.app.request("/api/usage/daily")).status).toBe(401);
  });
});

describe("GET /api/usage/export", () => {
  it("answers one month of the user's stored usage as CSV", async () => {
    const { userId, browser } = await customer();
    await storeUsage(userId, "2026-10-31", "/api/general", 2);
    await storeUsage(userId, "2026-11-02", "/api/analytics", 5, 1_024);
    await storeUsage(userId, "2026-11-01", "/api/data-processing", 3);
    await storeUsage(userId, "2026-12-01", "/api/general", 4);
    const response = await browser.request("/api/usage/export?month=2026-11");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="sluice-usage-2026-11.csv"');
    expect(await response.text()).toBe("date,endpoint,requests,bytes_processed\r\n2026-11-01,/api/data-processing,3,0\r\n2026-11-02,/api/analytics,5,1024\r\n");
    expect((await browser.request("/api/usage/export?month=2026-13")).status).toBe(400);
  });
});
