import { describe, expect, it } from "vitest";
import { CheckoutQuoteSchema, CheckoutResponseSchema } from "../../core/contracts/checkout.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";
import type { BrowserClient } from "../../testing/browser-client.js";
import { BILLING, usePaymentStand } from "../../testing/payment-stand.js";

const stand = usePaymentStand();
const db = () => stand.current.testApp.database.db;
const DAY = 86_400_000;

async function subscribe(userId: string, packageName: string, status: "active" | "past_due" | "expired" = "active") {
  await seedPaidPeriod(db(), { userId, packageName, priceCents: 29_00, startsAt: new Date(), endsAt: new Date(Date.now() + 30 * DAY) });
  await db().updateTable("subscriptions").set({ status }).where("user_id", "=", userId).execute();
}

const post = (browser: BrowserClient, body: Record<string, unknown>) => browser.post("/api/checkout", { billing: BILLING, period: "monthly", ...body });

/** The amount this customer is charged now (an upgrade is credited the unused days of the running plan). */
async function quotedAmount(browser: BrowserClient, plan: string): Promise<number> {
  const response = await browser.request(`/api/checkout/quote?plan=${plan}&period=monthly`);
  expect(response.status).toBe(200);
  return CheckoutQuoteSchema.parse(await response.json()).total_cents;
}

async function refusedWith(response: Response, message: string) {
  expect(response.status).toBe(422);
  expect(ErrorBodySchema.parse(await response.json()).error.details).toEqual([{ field: "intent", message }]);
}

describe("checkout renewals and plan changes", () => {
  it("refuses a renewal without an active subscription, also after the last one expired", async () => {
    const { browser, userId } = await stand.current.customer();
    await refusedWith(await post(browser, { plan: "starter", amount: 29_00, intent: "renew" }), "No active subscription to renew");
    await subscribe(userId, "starter", "expired");
    await refusedWith(await post(browser, { plan: "starter", amount: 29_00, intent: "renew" }), "No active subscription to renew");
    expect(await db().selectFrom("payment_orders").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("renews the current plan, also while it is past due", async () => {
    const { browser, userId } = await stand.current.customer();
    await subscribe(userId, "starter", "past_due");
    const response = await post(browser, { plan: "starter", amount: 29_00, intent: "renew" });
    expect(response.status).toBe(201);
    CheckoutResponseSchema.parse(await response.json());
  });

  it("refuses plan changes to anyone but an existing Professional subscriber", async () => {
    const { browser, userId } = await stand.current.customer();
    const change = { plan: "professional_250000", amount: 390_00, intent: "change" };
    const message = "Plan changes are only available for existing Professional subscribers";
    await refusedWith(await post(browser, change), message);
    await subscribe(userId, "starter");
    await refusedWith(await post(browser, change), message);
    // Buying Professional outright (an upgrade) is a purchase, not a change.
    expect((await post(browser, { plan: "professional_250000", amount: await quotedAmount(browser, "professional_250000") })).status).toBe(201);
  });

  it("lets a Professional subscriber change volume, but not to the plan already running", async () => {
    const { browser, userId } = await stand.current.customer();
    await subscribe(userId, "professional_100000");
    expect((await post(browser, { plan: "professional_250000", amount: await quotedAmount(browser, "professional_250000"), intent: "change" })).status).toBe(201);
    await refusedWith(await post(browser, { plan: "professional_100000", amount: 190_00, intent: "change" }), "Professional 100K is your current plan.");
  });
});
