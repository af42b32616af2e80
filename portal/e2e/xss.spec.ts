import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { postAsUser, signInAsAdmin, signUpAndConfirm } from "../../testing/portal-session.js";

// Issue 13: markup in every field a user can type that the portal shows back (their name, key
// names, workflow names and descriptions, webhook endpoint URLs and descriptions, the
// sign-in error of an OAuth callback) is shown as text: no element is injected and no handler runs,
// for the user and for an administrator looking at the user.
const browser = useBrowser();

const PAYLOAD = `"'><img src=x onerror="window.__xss=1"><svg onload="window.__xss=2"></svg>`;

/** Whether anything of the payload became markup: its elements, or a handler that ran. */
function injected(page: Page) {
  return page.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss ?? null,
    elements: document.querySelectorAll('img[src="x"], svg[onload], [onerror]').length,
  }));
}

async function expectShownAsText(page: Page, where: string): Promise<void> {
  await expect.poll(() => page.getByText(PAYLOAD, { exact: false }).count(), { message: `${where}: the payload is shown as text`, timeout: 10_000 }).toBeGreaterThan(0);
  expect(await injected(page), where).toEqual({ ran: null, elements: 0 });
}

describe("user-supplied text in the portal", () => {
  it("is shown as text everywhere it appears, to its owner and to an administrator", async () => {
    const page = await browser.page();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const email = await signUpAndConfirm(page, { fullName: PAYLOAD, prefix: "xss" });
    await postAsUser(page, "/api/keys", { name: PAYLOAD });
    await postAsUser(page, "/api/workflows", {
      name: PAYLOAD,
      description: PAYLOAD,
      trigger: { type: "manual", config: {} },
      actions: [{ type: "transform", name: "shape", config: { output: { note: PAYLOAD } } }],
    });
    await postAsUser(page, "/api/webhook-endpoints", { url: `https://hooks.example.test/in?note=${PAYLOAD}`, events: ["*"], description: PAYLOAD });

    await page.goto("/dashboard");
    await expectShownAsText(page, "overview (welcome and account menu)");
    for (const section of ["api-keys", "workflows", "webhook-endpoints"]) {
      await page.goto(`/dashboard?section=${section}`);
      await expectShownAsText(page, section);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/xss-webhook-endpoints-1280.png`, fullPage: true });

    const admin = await browser.page();
    await signInAsAdmin(admin);
    const panel = admin.getByRole("region", { name: "All Users", exact: true });
    await panel.getByLabel("Search users").fill(email);
    await panel.getByRole("button", { name: "Search" }).click();
    await panel.getByText("Page 1 of 1 · 1 user", { exact: true }).waitFor();
    await expectShownAsText(admin, "admin users list");

    const visitor = await browser.page();
    await visitor.goto(`/signin?error=${encodeURIComponent(PAYLOAD)}`);
    await expectShownAsText(visitor, "sign-in error from an OAuth callback");

    expect(dialogs).toEqual([]);
  }, 120_000);
});
