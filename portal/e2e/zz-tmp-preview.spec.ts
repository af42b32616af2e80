// TEMPORARY preview with a mocked /api/keys (deleted before hand-off).
import type { Page, Route } from "playwright-core";
import { describe, inject, it } from "vitest";
import { useBrowser } from "../../testing/browser.js";

const browser = useBrowser();
const OUT = "/tmp/preview";

function mock(page: Page) {
  let n = 0;
  const now = Date.now();
  const keys: Record<string, unknown>[] = [
    { id: "key_old1", name: "Production server (EU region, primary)", masked: "sk_live_********************a1b2", mode: "live", permission: "write", monthly_cap: 50000, is_active: true, expires_at: null, last_used_at: new Date(now - 5 * 60e3).toISOString(), created_at: new Date(now - 40 * 86400e3).toISOString(), usage_this_month: 41234 },
    { id: "key_old2", name: "Staging", masked: "sk_test_********************c3d4", mode: "test", permission: "admin", monthly_cap: null, is_active: true, expires_at: new Date(now - 2 * 86400e3).toISOString(), last_used_at: null, created_at: new Date(now - 10 * 86400e3).toISOString(), usage_this_month: 1234 },
  ];
  function make(name: string, mode: string, permission: string, cap: number | null, expires: string | null) {
    n += 1;
    const secret = `sk_${mode}_4Lq9XfTzP2mW8rYbN6cKdE1hJ7uV3sG5aQ${n}Zp`;
    const key = { id: `key_new${n}`, name, masked: `${secret.slice(0, 8)}${"*".repeat(20)}${secret.slice(-4)}`, mode, permission, monthly_cap: cap, is_active: true, expires_at: expires, last_used_at: null, created_at: new Date().toISOString(), usage_this_month: 0 };
    keys.unshift(key);
    return { key, secret };
  }
  return page.route(/\/api\/keys/, async (route: Route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname;
    const json = (status: number, body: unknown) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
    if (req.method() === "GET") return json(200, { keys });
    if (req.method() === "POST" && path === "/api/keys") {
      const body = req.postDataJSON();
      if (body.name === "server-error") return json(422, { error: { code: "VALIDATION_FAILED", message: "The request validation failed", details: [{ field: "name", message: "Please enter a key name" }] } });
      return json(201, make(body.name, body.mode, body.permission, body.monthly_cap, body.expires_at));
    }
    if (req.method() === "DELETE") {
      const id = path.split("/").pop();
      const i = keys.findIndex((k) => k.id === id);
      if (i < 0) return json(404, { error: { code: "NOT_FOUND", message: "The requested resource was not found." } });
      keys.splice(i, 1);
      return json(200, { message: "deleted" });
    }
    if (req.method() === "POST" && path.endsWith("/rotate")) {
      const id = path.split("/")[3];
      const old = keys.find((k) => k.id === id)!;
      const grace = req.postDataJSON().grace_hours as number;
      old.expires_at = new Date(Date.now() + grace * 3600e3).toISOString();
      return json(201, make(old.name as string, old.mode as string, old.permission as string, old.monthly_cap as number | null, null));
    }
    return json(404, {});
  });
}

async function signIn(page: Page) {
  const admin = inject("admin");
  await page.goto("/signin");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/admin-dashboard");
}

describe("preview", () => {
  for (const width of [1280, 360]) {
    it(`renders at ${width}`, async () => {
      const page = await browser.page({ width, height: 900 });
      await mock(page);
      await signIn(page);
      await page.goto("/dashboard");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.screenshot({ path: `${OUT}/overview-${width}.png`, fullPage: true });
      await page.goto("/dashboard?section=api-keys");
      await page.getByText("Production server").filter({ visible: true }).first().waitFor();
      await page.screenshot({ path: `${OUT}/list-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Create API Key" }).filter({ visible: true }).first().click();
      const dialog = page.getByRole("dialog");
      const trail: string[] = [];
      for (let i = 0; i < 14; i += 1) {
        await page.keyboard.press("Tab");
        trail.push(await page.evaluate(() => { const a = document.activeElement as HTMLElement; return `${a.tagName}:${a.getAttribute("name") ?? a.textContent?.trim()}:${!!a.closest("[role=dialog]")}`; }));
      }
      console.log(width, trail.join(" | "));
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      console.log("after shift-tabs", await page.evaluate(() => { const a = document.activeElement as HTMLElement; return `${a.tagName}:${a.getAttribute("name") ?? a.textContent?.trim()}`; }));
      await page.screenshot({ path: `${OUT}/focus-a-${width}.png` });
      await dialog.getByLabel("Name", { exact: true }).focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowRight");
      console.log("radio", await page.evaluate(() => { const a = document.activeElement as HTMLElement; return `${a.tagName}:${a.getAttribute("name")}:${(a as HTMLInputElement).value}:${a.matches(":focus-visible")}`; }));
      await page.screenshot({ path: `${OUT}/focus-radio-${width}.png` });
      await dialog.getByRole("button", { name: "Create Key" }).click();
      await dialog.getByText("Please enter a key name").waitFor();
      await page.screenshot({ path: `${OUT}/create-error-${width}.png` });
      await dialog.getByLabel("Name", { exact: true }).fill("server-error");
      await dialog.getByRole("button", { name: "Create Key" }).click();
      await page.getByText("Failed to create API key").waitFor();
      await page.screenshot({ path: `${OUT}/create-server-error-${width}.png` });
      await dialog.getByLabel("Name", { exact: true }).fill("CI key");
      await dialog.getByRole("button", { name: "Create Key" }).click();
      await page.getByRole("dialog", { name: "Your new API key" }).waitFor();
      await page.keyboard.press("Tab");
      await page.screenshot({ path: `${OUT}/secret-${width}.png` });
      await page.getByRole("button", { name: "Done" }).click();
      await page.getByRole("button", { name: "Rotate CI key" }).filter({ visible: true }).click();
      await page.screenshot({ path: `${OUT}/rotate-${width}.png` });
      await page.getByRole("button", { name: "Rotate Key" }).click();
      await page.getByRole("button", { name: "Done" }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${OUT}/list-after-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: /^Delete Staging/ }).filter({ visible: true }).click();
      await page.screenshot({ path: `${OUT}/delete-${width}.png` });
    });
  }
});
