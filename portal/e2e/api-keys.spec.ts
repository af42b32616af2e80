import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { CreatedKeySchema, maskKey, type CreatedKey } from "../../core/contracts/api-keys.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { horizontalOverflow, signInAsAdmin } from "../../testing/portal-session.js";

const browser = useBrowser();
const WhoAmISchema = z.object({ key: z.object({ id: z.string(), mode: z.string(), permission: z.string() }) });

async function openApiKeys(page: Page) {
  await page.goto("/dashboard?section=api-keys");
  await page.getByRole("heading", { level: 1, name: "API Keys" }).waitFor();
  await page.getByText("Loading API keys...").waitFor({ state: "detached" });
  // Below 768 px the sidebar is a drawer behind the menu button.
  const menu = page.getByRole("button", { name: "Open dashboard menu" });
  const narrow = await menu.isVisible();
  if (narrow) await menu.click();
  const current = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API Keys" });
  expect(await current.getAttribute("aria-current")).toBe("page");
  if (narrow) {
    await page.keyboard.press("Escape");
    await current.waitFor({ state: "detached" });
  }
}

/** Fills and submits the create form; answers the created key as the server sent it and the secret dialog. */
async function submitCreateForm(page: Page, dialog: Locator): Promise<{ created: CreatedKey; secretDialog: Locator }> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/keys" && response.request().method() === "POST");
  await dialog.getByRole("button", { name: "Create Key" }).click();
  const response = await answer;
  expect(response.status(), "POST /api/keys").toBe(201);
  const created = CreatedKeySchema.parse(await response.json());
  const secretDialog = page.getByRole("dialog", { name: "Your new API key" });
  await secretDialog.waitFor();
  return { created, secretDialog };
}

async function whoAmI(secret: string): Promise<Response> {
  return fetch(`${inject("baseUrl")}/v1/whoami`, { headers: { Authorization: `Bearer ${secret}` } });
}

/** Deletes a key through its row's (or card's) Delete button and the confirmation. */
async function deleteKey(page: Page, name: string) {
  await page.getByRole("button", { name: `Delete ${name}` }).filter({ visible: true }).first().click();
  const confirm = page.getByRole("alertdialog", { name: "Delete API key?" });
  await confirm.getByRole("button", { name: "Delete Key" }).click();
  await confirm.waitFor({ state: "detached" });
}

describe("the dashboard's API keys", () => {
  it("creates a read-only key, shows its secret once, authenticates with it and deletes it", async () => {
    const page = await browser.page();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
    await signInAsAdmin(page);
    await openApiKeys(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-initial-1280.png`, fullPage: true });

    // Keyboard: the dialog takes focus, checks the name, closes on Escape and gives focus back.
    const createButton = page.getByRole("button", { name: "Create API Key" }).filter({ visible: true }).first();
    await createButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create API Key" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await page.keyboard.press("Enter");
    await dialog.getByText("Please enter a key name").waitFor();
    expect(await dialog.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await createButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await createButton.click();
    await dialog.getByLabel("Name", { exact: true }).fill("CI key");
    await dialog.getByLabel("Read Only", { exact: true }).check();
    await dialog.getByLabel("Monthly cap").selectOption({ label: "5,000 requests / month" });
    expect(await dialog.getByLabel("Read & Write", { exact: true }).isChecked()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-create-1280.png` });

    const { created, secretDialog } = await submitCreateForm(page, dialog);
    await page.getByText("API Key Created").first().waitFor();
    await secretDialog.getByText("Copy this key now. For your security it will not be shown again.").waitFor();
    const secret = (await secretDialog.getByTestId("api-key-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^sk_live_/);
    expect(secret).toBe(created.secret);
    expect(created.key).toMatchObject({ name: "CI key", mode: "live", permission: "read", monthly_cap: 5000 });

    await secretDialog.getByRole("button", { name: "Copy Key" }).click();
    await secretDialog.getByRole("button", { name: "Copied!" }).waitFor();
    await page.getByText("API Key Copied").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-secret-1280.png` });
    // "Copied!" lasts 2 seconds (SPEC section 9).
    await secretDialog.getByRole("button", { name: "Copy Key" }).waitFor({ timeout: 3_000 });

    await secretDialog.getByRole("button", { name: "Done" }).click();
    await secretDialog.waitFor({ state: "detached" });
    expect(await page.getByText(secret).count(), "the secret is gone from the page").toBe(0);
    const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]));
    expect(stored).not.toContain(secret);

    const masked = maskKey(secret.slice(0, 8), secret.slice(-4));
    const row = page.getByRole("table").getByRole("row").filter({ hasText: "CI key" });
    await row.getByText(masked).waitFor();
    for (const text of ["Live", "Read Only", "0 / 5,000", "Monthly cap: 5,000", "Never", "Active"]) {
      expect(await row.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-list-1280.png`, fullPage: true });

    const answer = await whoAmI(secret);
    expect(answer.status, "GET /v1/whoami with the new key").toBe(200);
    expect(WhoAmISchema.parse(await answer.json())).toEqual({ key: { id: created.key.id, mode: "live", permission: "read" } });

    await page.getByRole("button", { name: "Delete CI key" }).filter({ visible: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete API key?" });
    await confirm.getByText(masked).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-delete-1280.png` });
    await confirm.getByRole("button", { name: "Delete Key" }).click();
    await page.getByText("API Key Deleted").first().waitFor();
    await row.waitFor({ state: "detached" });
    expect(await page.getByText(masked).count()).toBe(0);

    // A deleted key stops working (gateways evict their cached copy within a second).
    await expect.poll(async () => (await whoAmI(secret)).status, { timeout: 5_000 }).toBe(401);
  });

  it("works at 360 px: cards instead of the table, creation and rotation without horizontal scrolling", async () => {
    const page = await browser.page({ width: 360, height: 800 });
    await signInAsAdmin(page);
    await openApiKeys(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Create API Key" }).filter({ visible: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create API Key" });
    await dialog.getByLabel("Name", { exact: true }).fill("Phone key");
    expect(await dialog.getByLabel("Read & Write", { exact: true }).isChecked(), "Read & Write is the default").toBe(true);
    expect(await dialog.getByLabel("Live", { exact: true }).isChecked(), "live is the default").toBe(true);
    await dialog.getByLabel("Test", { exact: true }).check();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-create-360.png` });
    const { created, secretDialog } = await submitCreateForm(page, dialog);
    expect(created.secret).toMatch(/^sk_test_/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-secret-360.png` });
    await secretDialog.getByRole("button", { name: "Done" }).click();

    expect(await page.getByRole("table").isVisible()).toBe(false);
    const cards = page.getByRole("list", { name: "Your API keys, newest first" });
    const card = cards.getByRole("listitem").filter({ hasText: "Phone key" });
    await card.getByText(created.key.masked).waitFor();
    expect(await card.getByText("Test", { exact: true }).count()).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-list-360.png`, fullPage: true });

    await card.getByRole("button", { name: "Rotate Phone key" }).click();
    const rotate = page.getByRole("dialog", { name: "Rotate API key?" });
    expect(await rotate.getByLabel("Keep the current key working for").inputValue()).toBe("24");
    await rotate.getByText("The current key expires in 24 hours.").waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-rotate-360.png` });
    await rotate.getByRole("button", { name: "Rotate Key" }).click();
    const rotated = page.getByRole("dialog", { name: "Your new rotated key" });
    const newSecret = (await rotated.getByTestId("api-key-secret").textContent())?.trim() ?? "";
    expect(newSecret).toMatch(/^sk_test_/);
    expect(newSecret).not.toBe(created.secret);
    await rotated.getByText("Your previous key keeps working for 24 hours").waitFor();
    await rotated.getByRole("button", { name: "Done" }).click();

    const phoneCards = cards.getByRole("listitem").filter({ hasText: "Phone key" });
    await expect.poll(() => phoneCards.count()).toBe(2);
    await cards.getByText("Expires in 24 hours").waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-keys-rotated-360.png`, fullPage: true });

    await deleteKey(page, "Phone key");
    await deleteKey(page, "Phone key");
    // Other specs share the administrator's account: only this test's keys are known to be gone.
    await expect.poll(() => phoneCards.count()).toBe(0);
  });
});
