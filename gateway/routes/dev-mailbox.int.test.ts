import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queueEmail } from "../../core/email/outbox.js";
import { useTestApp } from "../../testing/gateway.js";
import { PRODUCTION_LIKE_SETTINGS } from "../../testing/environment.js";

const MailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string().startsWith("mail_"),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      status: z.enum(["queued", "sent", "failed"]),
      created_at: z.iso.datetime(),
    }),
  ),
});

const message = (to: string, subject: string, text = "Hello") => ({
  to,
  subject,
  text,
  html: `<p>${text}</p>`,
  template: "test",
});

describe("development mailbox", () => {
  const testApp = useTestApp();

  it("lists a queued message with its link clickable and its subject escaped, and runs no script", async () => {
    const { app, database } = testApp.current;
    const link = "https://sluice.example/auth/confirm?token=abc&next=%2F";
    await queueEmail(database.db, message("page@example.test", "<b>Welcome</b> & more", `Confirm here: ${link}.`));

    const response = await app.request("/dev/mailbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain("&lt;b&gt;Welcome&lt;/b&gt; &amp; more");
    expect(page).not.toContain("<b>Welcome</b>");
    const escapedLink = "https://sluice.example/auth/confirm?token=abc&amp;next=%2F";
    expect(page).toContain(`Confirm here: <a href="${escapedLink}">${escapedLink}</a>.`);
    expect(page).toContain("page@example.test");
    expect(page).toContain('class="status status-queued"');
    expect(page).not.toMatch(/<script/i);
  });

  it("filters the JSON by recipient, case-insensitively, newest first", async () => {
    const { app, database } = testApp.current;
    const first = await queueEmail(database.db, message("Alice@Example.test", "First for Alice"));
    await queueEmail(database.db, message("bob@example.test", "For Bob"));
    const second = await queueEmail(database.db, message("alice@example.test", "Second for Alice"));

    const response = await app.request("/dev/mailbox.json?to=ALICE@example.TEST");
    expect(response.status).toBe(200);
    const { messages } = MailboxSchema.parse(await response.json());
    expect(messages.map((m) => m.id)).toEqual([second, first]);
    expect(messages[0]).toMatchObject({ to: "alice@example.test", subject: "Second for Alice", html: "<p>Hello</p>", status: "queued" });

    const everyone = MailboxSchema.parse(await (await app.request("/dev/mailbox.json")).json());
    expect(everyone.messages.map((m) => m.subject)).toEqual(expect.arrayContaining(["For Bob", "First for Alice"]));
  });

  it("filters the page by recipient too", async () => {
    const { app, database } = testApp.current;
    await queueEmail(database.db, message("carol@example.test", "For Carol"));
    const page = await (await app.request("/dev/mailbox?to=carol@example.test")).text();
    expect(page).toContain("For Carol");
    expect(page).not.toContain("For Bob");
  });

  it("shows a message's HTML version in a sandbox that can run nothing", async () => {
    const { app, database } = testApp.current;
    const id = await queueEmail(database.db, message("dave@example.test", "HTML for Dave", "Rendered"));
    const response = await app.request(`/dev/mailbox/${id}/html`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<p>Rendered</p>");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/^sandbox; default-src 'none'/);
    expect((await app.request("/dev/mailbox/mail_nothing/html")).status).toBe(404);
  });

  it("rejects an oversized recipient filter as a bad request", async () => {
    const response = await testApp.current.app.request(`/dev/mailbox.json?to=${"a".repeat(300)}`);
    expect(response.status).toBe(400);
  });
});

describe("development mailbox in production", () => {
  const testApp = useTestApp(PRODUCTION_LIKE_SETTINGS);

  it("does not exist", async () => {
    const { app, database } = testApp.current;
    await queueEmail(database.db, message("prod@example.test", "Secret link inside"));
    for (const path of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox.json?to=prod@example.test"]) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("Secret link inside");
    }
  });
});
