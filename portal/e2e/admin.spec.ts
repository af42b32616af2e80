import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AdminBillingActionSchema } from "../../core/contracts/admin-billing.js";
import { CheckoutResponseSchema } from "../../core/contracts/checkout.js";
import { CreatedKeySchema } from "../../core/contracts/api-keys.js";
import { createDb, type Database } from "../../core/db/client.js";
import { createAccount } from "../../testing/accounts.js";
import { BrowserClient } from "../../testing/browser-client.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow, signInAsAdmin } from "../../testing/portal-session.js";

const browser = useBrowser();
let db: Database;

beforeAll(() => {
  db = createDb({ url: inject("databaseUrl"), poolSize: 1 });
});
afterAll(async () => {
  await db.destroy();
});

/** A customer signed in over HTTP, as their browser would be. */
async function signedInCustomer(fullName: string) {
  const account = await createAccount(db, { fullName, email: `admin-e2e-${Date.now()}@example.test` });
  const client = new BrowserClient({ request: (path, init) => fetch(`${inject("baseUrl")}${path}`, init) });
  expect((await client.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
  return { ...account, client };
}

function usersRow(page: Page, email: string): Locator {
  return page.getByRole("region", { name: "All users", exact: true }).getByRole("row").filter({ hasText: email });
}

async function searchUsers(page: Page, text: string) {
  const panel = page.getByRole("region", { name: "All Users", exact: true });
  await panel.getByLabel("Search users").fill(text);
  await panel.getByRole("button", { name: "Search" }).click();
  await panel.getByText("Page 1 of 1 · 1 user", { exact: true }).waitFor();
}

function statValue(page: Page, title: string): Locator {
  return page.getByRole("region", { name: "Statistics", exact: true }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) }).locator("p");
}

describe("the administrator dashboard", () => {
  it("completes a pending payment and applies its plan, then records usage that makes the user's next call 429", async () => {
    const customer = await signedInCustomer("Ada Pending");
    // The customer starts a purchase through the sandbox provider and never pays: the payment stays pending.
    const checkout = await customer.client.post("/api/checkout", {
      plan: "professional_100000",
      period: "monthly",
      amount: 190_00,
      billing: { first_name: "Ada", last_name: "Pending", email: customer.email, address: "1 Main Street", city: "Springfield", state: "IL", postal_code: "62701" },
    });
    expect(checkout.status, "POST /api/checkout").toBe(201);
    CheckoutResponseSchema.parse(await checkout.json());
    const keyAnswer = await customer.client.post("/api/keys", { name: "admin-e2e" });
    expect(keyAnswer.status, "POST /api/keys").toBe(201);
    const { secret } = CreatedKeySchema.parse(await keyAnswer.json());
    const callApi = () => fetch(`${inject("baseUrl")}/v1/usage`, { headers: { Authorization: `Bearer ${secret}` } });
    expect((await callApi()).status).toBe(200);

    const page = await browser.page();
    const watch = watchPage(page);
    await signInAsAdmin(page);
    for (const title of ["Total Users", "Active Packages", "Total Requests", "Expiring Soon", "Pending Payments"]) await statValue(page, title).waitFor();
    expect(Number(await statValue(page, "Pending Payments").textContent())).toBeGreaterThanOrEqual(1);

    // Billing: only the pending payment, then Complete & Update Plan.
    const billing = page.getByRole("region", { name: "Billing History and Payment Management", exact: true });
    await billing.getByRole("row").filter({ hasText: customer.email }).waitFor();
    // Other specs share this gateway and add pending payments of their own while this one runs, so
    // the list is checked by its labels rather than against a count read at another moment.
    const pendingButton = billing.getByRole("button", { name: /^Show Pending Only \(\d+\)$/ });
    await pendingButton.click();
    await billing.getByText("Loading billing history...").waitFor({ state: "detached" });
    const pendingRow = billing.getByRole("row").filter({ hasText: customer.email });
    await pendingRow.getByText("Pending", { exact: true }).waitFor();
    expect(Number((await pendingButton.textContent())?.match(/\((\d+)\)/)?.[1])).toBeGreaterThanOrEqual(1);
    const listed = billing.getByRole("region", { name: "Billing history", exact: true }).getByRole("row");
    expect(await listed.count(), "header and the pending payments").toBeGreaterThanOrEqual(2);
    expect(await listed.filter({ hasNot: page.getByText("Pending", { exact: true }) }).count(), "only the header lacks the Pending label").toBe(1);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-pending-1280.png`, fullPage: true });
    await expectAccessible(page, "admin dashboard");

    const applied = page.waitForResponse((response) => /\/api\/admin\/billing\/[^/]+\/apply-plan$/.test(new URL(response.url()).pathname));
    await pendingRow.getByRole("button", { name: /^Complete & Update Plan/ }).click();
    // Every payment action asks first.
    const confirmation = page.getByRole("alertdialog", { name: "Complete payment and update plan?" });
    await confirmation.getByRole("button", { name: "Complete & Update Plan" }).click();
    const answer = AdminBillingActionSchema.parse(await (await applied).json());
    expect(answer.plan?.package_name).toBe("professional_100000");
    await page.getByText(/^User plan updated to professional_100000 with 100,?000 requests$/).first().waitFor();
    await pendingRow.waitFor({ state: "detached" });
    await billing.getByRole("button", { name: "Show All" }).click();
    const completedRow = billing.getByRole("row").filter({ hasText: customer.email });
    await completedRow.getByText("Completed", { exact: true }).waitFor();
    await completedRow.getByText("Processed", { exact: true }).waitFor();
    await completedRow.getByRole("button", { name: /^Re-apply plan/ }).waitFor();

    // All Users: the customer is now on the plan, with its allowance.
    await searchUsers(page, customer.email);
    const row = usersRow(page, customer.email);
    await row.getByText("Professional 100K", { exact: true }).waitFor();
    await row.getByText("1 / 100,000", { exact: true }).waitFor();
    await row.getByText("Active", { exact: true }).first().waitFor();

    // Add API Usage: the form checks its fields, warns over the limit, and the gateway enforces the count.
    const form = page.getByRole("region", { name: "Add API Usage", exact: true });
    await form.getByRole("button", { name: "Add Usage" }).click();
    await page.getByText("Please fill in all required fields").first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("user_id");
    await form.getByLabel("Find user").fill(customer.email);
    const userSelect = form.getByLabel("User", { exact: true });
    await userSelect.locator("option", { hasText: customer.email }).waitFor({ state: "attached" });
    await userSelect.selectOption({ label: `Ada Pending (${customer.email})` });
    const figures = form.getByRole("definition");
    expect(await figures.allTextContents()).toEqual(["1", "100,000", "99,999"]);
    await form.getByLabel("Endpoint").selectOption("/api/general");
    const count = form.getByLabel("Request count");
    await count.fill("0");
    await form.getByRole("button", { name: "Add Usage" }).click();
    await form.getByText("Request count must be at least 1").waitFor();
    await count.fill("100000");
    expect(await form.getByText("This count exceeds the user's daily limit").count()).toBe(0);
    await count.fill("100001");
    await form.getByText("This count exceeds the user's daily limit").waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-usage-warning-1280.png`, fullPage: true });
    // Keyboard: Enter in the count submits.
    await count.press("Enter");
    await page.getByText("API usage data has been added successfully").first().waitFor();
    await form.getByRole("definition").first().getByText("100,001", { exact: true }).waitFor();
    expect(await form.getByRole("definition").allTextContents()).toEqual(["100,001", "100,000", "0"]);
    expect((await callApi()).status, "the customer's next call").toBe(429);

    // The users table shows the bar in red (over 90 %), and the audit log has the change.
    const bar = usersRow(page, customer.email).getByRole("progressbar");
    await usersRow(page, customer.email).getByText("100,001 / 100,000", { exact: true }).waitFor();
    expect(await bar.getAttribute("data-tone")).toBe("red");
    const audit = page.getByRole("region", { name: "Audit Log", exact: true });
    await audit.getByLabel("Action").fill("usage.set");
    await audit.getByRole("button", { name: "Filter" }).click();
    await audit.getByRole("row").filter({ hasText: customer.id }).first().waitFor();

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-360.png`, fullPage: true });
    await expectAccessible(page, "admin dashboard at 360 px");
    watch.expectClean("admin dashboard");
  });

  it("creates and edits an incident that the public status page shows", async () => {
    const page = await browser.page();
    const watch = watchPage(page);
    await signInAsAdmin(page);
    const panel = page.getByRole("region", { name: "Incidents", exact: true });
    await panel.getByRole("button", { name: "New Incident" }).click();
    const dialog = page.getByRole("dialog", { name: "New Incident" });
    await dialog.getByRole("button", { name: "Create Incident" }).click();
    await dialog.getByText("Title is required").waitFor();
    const title = `Elevated latency ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Analytics requests are slower than usual.");
    await dialog.getByLabel("Impact").selectOption("major");
    await expectAccessible(page, "new incident dialog");
    await dialog.getByRole("button", { name: "Create Incident" }).click();
    await page.getByText("Incident created").first().waitFor();
    await panel.getByRole("heading", { name: title }).waitFor();

    await panel.getByRole("button", { name: `Edit incident ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Incident" });
    expect(await edit.getByLabel("Title").inputValue()).toBe(title);
    await edit.getByLabel("Status").selectOption("resolved");
    await edit.getByRole("button", { name: "Save Incident" }).click();
    await page.getByText("Incident updated").first().waitFor();
    await panel.getByText(/^Resolved · Major impact/).waitFor();

    const status = await browser.page({ width: 360, height: 800 });
    await status.goto("/status");
    const incidents = status.getByRole("region", { name: "Recent incidents", exact: true });
    await incidents.getByRole("heading", { name: title }).waitFor();
    await incidents.getByText("Resolved", { exact: true }).first().waitFor();
    watch.expectClean("admin incidents");
  });

  it("edits a package in the catalogue", async () => {
    const page = await browser.page({ width: 360, height: 800 });
    const watch = watchPage(page);
    await signInAsAdmin(page);
    const panel = page.getByRole("region", { name: "Packages", exact: true });
    const starterRow = panel.getByRole("row").filter({ has: page.getByText("starter", { exact: true }) });
    const setRateLimit = async (value: string) => {
      await panel.getByRole("button", { name: "Edit Starter" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Starter" });
      const field = dialog.getByLabel("Rate limit per minute");
      const before = await field.inputValue();
      await field.fill(value);
      await dialog.getByRole("button", { name: "Save Package" }).click();
      await page.getByText("Package Starter updated").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      await starterRow.getByRole("cell", { name: value, exact: true }).waitFor();
      return before;
    };
    await panel.getByRole("button", { name: "Edit Starter" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Starter" });
    await dialog.getByLabel("Rate limit per minute").fill("0");
    await dialog.getByRole("button", { name: "Save Package" }).click();
    await dialog.getByText("Rate limit must be at least 1 per minute").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("rate_limit_per_minute");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const original = await setRateLimit("75");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // Put it back: other specs share this gateway's catalogue.
    await setRateLimit(original);
    watch.expectClean("admin packages");
  });
});
