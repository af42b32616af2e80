import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "../core/contracts/auth.js";
import { Redis } from "ioredis";
import { baseTestConfig } from "./environment.js";

/** What browser tests do to get a signed-in portal: sign up through the pages and confirm from the dev mailbox, or sign in as the seeded administrator. */

const MailboxSchema = z.object({ messages: z.array(z.object({ subject: z.string(), text: z.string() })) });
export const E2E_PASSWORD = "velvet-harbor-42";

/** The confirmation link of the newest "Confirm your email" message to `to` in the dev mailbox. */
export async function confirmationLink(to: string): Promise<string> {
  const response = await fetch(`${inject("baseUrl")}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const { messages } = MailboxSchema.parse(await response.json());
  const link = messages.find((m) => /Confirm your email/.test(m.subject))?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no confirmation message for ${to}`);
  return link;
}

/** A new account, signed up through the portal and confirmed from the dev mailbox: on /dashboard, signed in. Answers its e-mail. */
export async function signUpAndConfirm(page: Page, options: { fullName?: string; prefix?: string } = {}): Promise<string> {
  await forgetSignUpsFromThisAddress();
  const email = `${options.prefix ?? "e2e"}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(options.fullName ?? "Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm Password").fill(E2E_PASSWORD);
  await page.getByLabel(/^I agree to the Terms of Service/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Account created successfully! Please check your email to confirm your account.").first().waitFor();
  await page.goto(await confirmationLink(email));
  await page.waitForURL("**/dashboard");
  return email;
}

/**
 * Every browser test signs up from 127.0.0.1, and the suite makes more accounts than one address
 * may in an hour (AUTH_RATE_RULES; those limits have their own integration tests). Before each
 * sign-up, this run's per-address sign-up and e-mail counters (under its own key prefix) are removed.
 */
async function forgetSignUpsFromThisAddress(): Promise<void> {
  const redis = new Redis(baseTestConfig().REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    const prefix = inject("backendEnv").REDIS_KEY_PREFIX;
    for (const rule of ["signup-address", "email-address"]) {
      const keys = await redis.keys(`${prefix}*{${rule}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** Signs in as the seeded administrator through the sign-in page; lands on /admin-dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const admin = inject("admin");
  await page.goto("/signin");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/admin-dashboard");
  await page.getByRole("heading", { level: 1, name: /^Welcome, / }).waitFor();
}

/** How far the page scrolls sideways (0 or less: it fits). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A JSON POST with the page's session cookie and CSRF token, as the portal itself sends it; expects `status`. */
export async function postAsUser(page: Page, path: string, body: unknown, status = 201): Promise<unknown> {
  await page.request.get("/auth/user");
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? "";
  const response = await page.request.post(path, { data: body, headers: { [CSRF_HEADER]: csrf } });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(status);
  return response.json();
}
