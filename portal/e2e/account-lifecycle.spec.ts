import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { startEngineProcess, type EngineProcess } from "../../testing/engine-process.js";
import { waitFor } from "../../testing/wait-for.js";

const browser = useBrowser();
// Reset links are written by the engine (the account-email job), beside the suite's gateway.
let engine: EngineProcess | undefined;
beforeAll(async () => {
  engine = await startEngineProcess(inject("backendEnv"));
});
afterAll(async () => {
  await engine?.stop();
});
const MailboxSchema = z.object({ messages: z.array(z.object({ subject: z.string(), text: z.string() })) });
const PASSWORD = "velvet-harbor-42";
const NEW_PASSWORD = "harbor-velvet-24";

/** The first link of the newest message to `to` whose subject matches, read from the dev mailbox once it is there. */
async function linkFromMailbox(to: string, subject: RegExp): Promise<string> {
  return waitFor(async () => {
    const response = await fetch(`${inject("baseUrl")}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = MailboxSchema.parse(await response.json());
    return messages.find((m) => subject.test(m.subject))?.text.match(/https?:\/\/\S+/)?.[0];
  }, 15_000);
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole("heading", { name }).first().waitFor({ timeout: 15_000 });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).waitFor();
}

describe("an account from sign-up to password reset", () => {
  it("signs up, confirms from the mailbox, signs out and in, resets the password and signs in with it", async () => {
    const page = await browser.page();
    const email = `e2e-${Date.now()}@example.test`;

    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    const submit = page.getByRole("button", { name: "Create Account" });
    expect(await submit.isDisabled(), "disabled until the terms are accepted").toBe(true);
    await page.getByLabel(/^I agree to the Terms of Service/).check();
    await submit.click();
    await page.getByText("Account created successfully! Please check your email to confirm your account.").first().waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/signup-check-email.png` });

    // The unconfirmed account cannot sign in yet.
    await signIn(page, email, PASSWORD);
    await page.getByText("Email not confirmed").first().waitFor();

    await page.goto(await linkFromMailbox(email, /Confirm your email/));
    await page.waitForURL("**/dashboard");
    await heading(page, "Welcome, Ada Lovelace");
    expect(new URL(page.url()).search).not.toContain("confirmation_token");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-after-confirmation.png` });

    await signOut(page);
    await signIn(page, email, PASSWORD);
    await page.waitForURL("**/dashboard");
    await heading(page, "Welcome, Ada Lovelace");
    await signOut(page);

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await heading(page, "Check Your Email");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/forgot-password-sent.png` });

    await page.goto(await linkFromMailbox(email, /Reset your/));
    await page.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.waitForURL("**/signin");

    await signIn(page, email, PASSWORD);
    await page.getByText("Invalid email or password").first().waitFor();
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL("**/dashboard");
    await heading(page, "Welcome, Ada Lovelace");

    // A signed-in user is sent away from the admin dashboard.
    await page.goto("/admin-dashboard");
    await page.waitForURL("**/dashboard");
  });

  it("sends a visitor from the admin dashboard to sign-in, and the admin back there", async () => {
    const page = await browser.page();
    await page.goto("/admin-dashboard");
    await page.waitForURL("**/signin?next=%2Fadmin-dashboard");
    const admin = inject("admin");
    await signIn(page, admin.email, admin.password);
    await page.waitForURL("**/admin-dashboard");
    await heading(page, "Welcome, Administrator");
    await page.getByRole("banner").getByRole("link", { name: "Admin" }).first().waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-dashboard.png` });
  });

  it("renders the account pages at 1280 px and 360 px without horizontal scrolling", async () => {
    for (const width of [1280, 360]) {
      const page = await browser.page({ width, height: 900 });
      for (const path of ["/signin", "/signup", "/forgot-password", "/reset-password?token=expired"]) {
        await page.goto(path);
        await page.getByRole("main").getByRole("heading").first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        const name = path.slice(1).replace(/\?.*/, "");
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
      }
    }
  });
});
