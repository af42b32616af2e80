import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BillingOverviewSchema } from "../../core/contracts/billing.js";
import { CheckoutResponseSchema } from "../../core/contracts/checkout.js";
import { createDb, type Database } from "../../core/db/client.js";
import { createAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { CARD, payOnHostedPage } from "../../testing/payment-stand.js";
import { horizontalOverflow, signInAsAdmin } from "../../testing/portal-session.js";

// Issue 38: payments held for review, confirmations before every admin payment action, and rows
// named by their order reference (never "#bill_1Ch").
const browser = useBrowser();
let db: Database;

beforeAll(() => {
  db = createDb({ url: inject("databaseUrl"), poolSize: 1 });
});
afterAll(async () => {
  await db.destroy();
});

/** A customer whose card payment of Professional 100K came back as $29.00: held for review. */
async function underpaidCustomer() {
  const account = await createAccount(db, { fullName: "Ada Underpaid", email: `review-e2e-${Date.now()}@example.test` });
  const client = new BrowserClient({ request: (path, init) => fetch(`${inject("baseUrl")}${path}`, init) });
  expect((await client.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  const answer = await client.post("/api/checkout", { plan: "starter", period: "monthly", amount: 29_00, billing: { first_name: "Ada", last_name: "Underpaid", email: account.email, address: "1 Main Street", city: "Springfield", state: "IL", postal_code: "62701" } });
  expect(answer.status, "POST /api/checkout").toBe(201);
  const order = CheckoutResponseSchema.parse(await answer.json());
  // Our record asks for more than the provider will report as paid.
  await db.updateTable("payment_orders").set({ amount: 190_00 }).where("merchant_reference", "=", order.merchant_reference).execute();
  await payOnHostedPage(order.redirect_url, CARD);
  const verify = await client.request(`/api/payments/verify?OrderTrackingId=${order.order_tracking_id}`);
  expect(verify.status).toBe(200);
  return { ...account, client, reference: order.merchant_reference };
}

function billingPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Billing History and Payment Management", exact: true });
}

describe("payments held for review", () => {
  it("lists an underpaid order under Needs Review with its reason, and completes it only after an explicit confirmation", async () => {
    const customer = await underpaidCustomer();
    const overview = BillingOverviewSchema.parse(await (await customer.client.request("/api/billing")).json());
    expect(overview.history.map((entry) => [entry.status, entry.invoice])).toEqual([["review", customer.reference]]);

    const page = await browser.page();
    const watch = watchPage(page);
    await signInAsAdmin(page);
    const billing = billingPanel(page);
    await billing.getByRole("row").filter({ hasText: customer.email }).waitFor();
    await billing.getByRole("button", { name: /^Needs Review \(\d+\)$/ }).click();
    await billing.getByText("Loading billing history...").waitFor({ state: "detached" });
    const row = billing.getByRole("row").filter({ hasText: customer.email });
    await row.getByText("In Review", { exact: true }).waitFor();
    await row.getByText("the provider reports 29.00 USD, the order is for 190.00 USD", { exact: true }).waitFor();
    // Named by the order reference, in the table and in the buttons' accessible names.
    await row.getByText(customer.reference, { exact: true }).waitFor();
    expect(await row.textContent()).not.toMatch(/#bill_/);
    const markComplete = row.getByRole("button", { name: `Mark complete ${customer.reference}`, exact: true });
    await row.getByRole("button", { name: `Complete & Update Plan ${customer.reference}`, exact: true }).waitFor();
    await row.getByRole("button", { name: `Mark reviewed ${customer.reference}`, exact: true }).waitFor();

    // The confirmation shows the reason; Cancel changes nothing.
    await markComplete.click();
    const dialog = page.getByRole("alertdialog", { name: "Mark payment complete?" });
    await dialog.getByText("the provider reports 29.00 USD, the order is for 190.00 USD").waitFor();
    await dialog.getByText(customer.reference).waitFor();
    const confirm = dialog.getByRole("button", { name: "Mark Complete", exact: true });
    expect(await confirm.isDisabled(), "disabled until the review is acknowledged").toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-review-confirmation-1280.png` });
    await expectAccessible(page, "review confirmation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await db.selectFrom("billing_history as b").innerJoin("payment_orders as o", "o.id", "b.payment_order_id").select("b.status").where("o.merchant_reference", "=", customer.reference).executeTakeFirstOrThrow()).status).toBe("pending");

    // By keyboard: open it again, tick the acknowledgement, confirm.
    await markComplete.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    const acknowledgement = dialog.getByLabel("I checked this payment with the payment provider and want to complete it anyway.");
    await acknowledgement.focus();
    await page.keyboard.press("Space");
    expect(await confirm.isDisabled()).toBe(false);
    const completed = page.waitForResponse((response) => /\/api\/admin\/billing\/[^/]+\/complete$/.test(new URL(response.url()).pathname));
    await confirm.click();
    expect((await completed).status()).toBe(200);
    await page.getByText("Payment marked as completed").first().waitFor();
    await row.waitFor({ state: "detached" });
    const after = BillingOverviewSchema.parse(await (await customer.client.request("/api/billing")).json());
    expect(after.history.map((entry) => entry.status)).toEqual(["completed"]);
    watch.expectClean();
  });

  it("asks before Mark Reviewed, and works at 360 px", async () => {
    const customer = await underpaidCustomer();
    const page = await browser.page({ width: 360, height: 800 });
    const watch = watchPage(page);
    await signInAsAdmin(page);
    const billing = billingPanel(page);
    await billing.getByRole("button", { name: /^Needs Review \(\d+\)$/ }).click();
    const row = billing.getByRole("row").filter({ hasText: customer.email });
    await row.getByRole("button", { name: `Mark reviewed ${customer.reference}`, exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Mark payment reviewed?" });
    await dialog.getByText("the provider reports 29.00 USD, the order is for 190.00 USD").waitFor();
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-mark-reviewed-360.png` });
    await dialog.getByRole("button", { name: "Mark Reviewed", exact: true }).click();
    await page.getByText("Payment marked as reviewed").first().waitFor();
    await row.waitFor({ state: "detached" });
    const order = await db.selectFrom("payment_orders").select(["status", "review_resolved_at"]).where("merchant_reference", "=", customer.reference).executeTakeFirstOrThrow();
    expect(order.status).toBe("pending");
    expect(order.review_resolved_at).not.toBeNull();
    watch.expectClean();
  });
});
