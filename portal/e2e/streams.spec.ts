import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CreatedKeySchema } from "../../core/contracts/api-keys.js";
import type { StreamEvent } from "../../core/contracts/streams.js";
import { SCREENSHOT_DIR, useBrowser } from "../../testing/browser.js";
import { expectAccessible, watchPage } from "../../testing/page-checks.js";
import { horizontalOverflow, postAsUser, signUpAndConfirm } from "../../testing/portal-session.js";

// The dashboard's Streams section against the real gateway: events sent with the user's own key
// appear in the chart, and a spike sent while the page is open is marked live.
const browser = useBrowser();

/** A live key made through the dashboard's API with the page's session, as the API Keys section does. */
async function createKey(page: Page): Promise<string> {
  return CreatedKeySchema.parse(await postAsUser(page, "/api/keys", { name: "stream sender" })).secret;
}

async function send(page: Page, secret: string, stream: string, events: StreamEvent[]): Promise<void> {
  const response = await page.request.post(`/v1/streams/${stream}/events`, { data: { events }, headers: { Authorization: `Bearer ${secret}` } });
  expect(response.status(), await response.text()).toBe(200);
}

const at = (i: number) => new Date(Date.UTC(2026, 10, 25, 9, 0, i)).toISOString();

describe("the dashboard's streams", () => {
  it("charts a stream's latest values, marks a spike live, and works at 360 px", async () => {
    const page = await browser.page();
    await signUpAndConfirm(page, { prefix: "console-streams" });
    const watch = watchPage(page);

    await page.goto("/dashboard?section=streams");
    await page.getByRole("heading", { name: "No streams yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Read the streams docs" }).getAttribute("href")).toBe("/api-docs#streams");

    const secret = await createKey(page);
    // A slow sawtooth of checkout latencies, and a second field.
    await send(
      page,
      secret,
      "checkout-latency",
      Array.from({ length: 60 }, (_, i) => ({ id: `e-${i}`, timestamp: at(i), fields: { latency_ms: 180 + (i % 10) * 4, items: 1 + (i % 3) } })),
    );
    await page.reload();
    const chart = page.getByTestId("stream-chart");
    await chart.waitFor();
    await page.getByText("Live", { exact: true }).waitFor();
    await page.getByText("60 events", { exact: false }).waitFor();
    expect(await chart.getAttribute("aria-label")).toBe("items: values 1 to 60, from 1 to 3; 0 anomalies marked");
    await page.getByLabel("Field").selectOption("latency_ms");
    expect(await chart.getAttribute("aria-label")).toBe("latency_ms: values 1 to 60, from 180 to 216; 0 anomalies marked");
    expect(await page.getByText("None so far", { exact: false }).count()).toBe(1);
    await expectAccessible(page, "streams, one stream");

    // A spike sent now reaches the open page over Server-Sent Events: no reload.
    await send(page, secret, "checkout-latency", [{ id: "spike", timestamp: at(60), fields: { latency_ms: 4_870, items: 2 } }]);
    await chart.locator("[data-anomaly='61']").waitFor();
    expect(await chart.getAttribute("aria-label")).toBe("latency_ms: values 1 to 61, from 180 to 4.87K; 1 anomaly marked");
    await page.getByText("latency_ms = 4.87K").waitFor();
    await page.getByText("61 events", { exact: false }).waitFor();

    await page.screenshot({ path: `${SCREENSHOT_DIR}/streams-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page), "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/streams-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Test keys' streams are apart.
    await page.getByRole("button", { name: "Test" }).click();
    await page.getByRole("heading", { name: "No test streams yet" }).waitFor();
    watch.expectClean();
  }, 120_000);
});
