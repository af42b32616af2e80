import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, type Database } from "../../core/db/client.js";
import { removePaidPeriod } from "../../core/payments/entitlements.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, screenshotBothWidths } from "../../testing/page-checks.js";
import { seedPaidPeriod } from "../../testing/paid-periods.js";
import { horizontalOverflow, signInAsAdmin, signUpAndConfirm } from "../../testing/portal-session.js";

const browser = useBrowser();
const DAY = 86_400_000;
let db: Database;

beforeAll(() => {
  db = createDb({ url: inject("databaseUrl"), poolSize: 1 });
});
afterAll(async () => {
  await db.destroy();
});

const longDate = (at: Date) => at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

describe("the timeline of paid periods", () => {
  it("is shown to the customer in Billing and to the administrator from the user list, by keyboard and at 360 px", async () => {
    const page = await browser.page();
    const email = await signUpAndConfirm(page, { fullName: "Katherine Johnson", prefix: "timeline" });
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    // A month paid ten days ago, its renewal, and a renewal that was reversed.
    const start = new Date(Date.now() - 10 * DAY);
    await seedPaidPeriod(db, { userId: user.id, packageName: "starter", priceCents: 29_00, startsAt: start, endsAt: new Date(start.getTime() + 30 * DAY) });
    await seedPaidPeriod(db, { userId: user.id, packageName: "starter", priceCents: 29_00, startsAt: new Date(start.getTime() + DAY), endsAt: new Date(start.getTime() + 31 * DAY), planChange: "renewal" });
    const reversed = await seedPaidPeriod(db, { userId: user.id, packageName: "starter", priceCents: 29_00, startsAt: new Date(start.getTime() + 2 * DAY), endsAt: new Date(start.getTime() + 32 * DAY), planChange: "renewal" });
    await db.transaction().execute((trx) => removePaidPeriod(trx, { userId: user.id, billingHistoryId: reversed, reason: "reversed by the payment provider" }, new Date()));

    await page.goto("/dashboard?section=billing");
    await page.getByRole("heading", { level: 1, name: "Billing & Credits" }).waitFor();
    const plan = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Current Plan" }) });
    await plan.getByText(`Current period: ${longDate(start)} – ${longDate(new Date(start.getTime() + 30 * DAY))}`).waitFor();
    const periods = page.getByRole("region", { name: "Paid Periods" });
    const items = periods.getByRole("listitem");
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).getByText("Current", { exact: true }).count()).toBe(1);
    expect(await items.nth(1).getByText("Upcoming", { exact: true }).count()).toBe(1);
    await items.nth(1).getByText(`${longDate(new Date(start.getTime() + 30 * DAY))} – ${longDate(new Date(start.getTime() + 60 * DAY))}`).waitFor();
    expect(await items.nth(2).getByText("Removed", { exact: true }).count()).toBe(1);
    await items.nth(2).getByText(/reversed by the payment provider$/).waitFor();
    await expectAccessible(page, "billing with paid periods");
    await periods.scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, "billing-paid-periods");

    const admin = await browser.page();
    await signInAsAdmin(admin);
    await admin.goto("/admin-dashboard");
    const panel = admin.getByRole("region", { name: "All Users", exact: true });
    await panel.getByLabel("Search users").fill(email);
    await panel.getByRole("button", { name: "Search" }).click();
    await panel.getByText("Page 1 of 1 · 1 user", { exact: true }).waitFor();
    const open = admin.getByRole("button", { name: `Paid periods of ${email}` });
    await open.focus();
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Paid Periods" });
    await dialog.getByText(/reversed by the payment provider$/).waitFor();
    expect(await dialog.getByRole("listitem").count()).toBe(3);
    await expectAccessible(admin, "admin paid periods dialog");
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/admin-paid-periods-1280.png` });
    await admin.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/admin-paid-periods-360.png` });
    await admin.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
  }, 90_000);
});
