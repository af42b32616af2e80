import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../core/db/client.js";
import { findOutboxEntry, listOutbox, type OutboxEntry } from "../../core/email/outbox.js";
import { AppError, detailsFromZodIssues } from "../../core/errors.js";
import { isId } from "../../core/ids.js";
import type { AppEnv } from "../app-env.js";
import { renderMailboxPage } from "./dev-mailbox-page.js";

/**
 * The development mailbox (DESIGN.md section 11): the e-mail outbox as a page for people and as
 * JSON for browser tests. Mounted only outside production; it is not part of the public API.
 */

const MAILBOX_LIMIT = 50;

const MailboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
});

// Our own templates' HTML, shown as a document of its own that can run nothing and load nothing.
const HTML_VIEW_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function parseQuery(query: Record<string, string>): string | undefined {
  const parsed = MailboxQuerySchema.safeParse(query);
  if (!parsed.success) {
    throw new AppError("BAD_REQUEST", "Invalid query parameters.", { details: detailsFromZodIssues(parsed.error.issues) });
  }
  return parsed.data.to || undefined;
}

function serializeMessage(message: OutboxEntry) {
  return {
    id: message.id,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    status: message.status,
    created_at: message.created_at.toISOString(),
  };
}

export function devMailboxRoutes(deps: { db: Database; productName: string }) {
  const app = new Hono<AppEnv>();

  app.get("/dev/mailbox.json", async (c) => {
    const to = parseQuery(c.req.query());
    const messages = await listOutbox(deps.db, { limit: MAILBOX_LIMIT, ...(to ? { to } : {}) });
    c.header("Cache-Control", "no-store");
    return c.json({ messages: messages.map(serializeMessage) });
  });

  app.get("/dev/mailbox", async (c) => {
    const to = parseQuery(c.req.query());
    const messages = await listOutbox(deps.db, { limit: MAILBOX_LIMIT, ...(to ? { to } : {}) });
    c.header("Cache-Control", "no-store");
    return c.html(renderMailboxPage({ productName: deps.productName, messages, to, limit: MAILBOX_LIMIT }));
  });

  app.get("/dev/mailbox/:id/html", async (c) => {
    const id = c.req.param("id");
    const message = isId("mail", id) ? await findOutboxEntry(deps.db, id) : undefined;
    if (!message?.html) throw new AppError("NOT_FOUND", "No such message, or it has no HTML version.");
    c.header("Content-Security-Policy", HTML_VIEW_CSP);
    c.header("Cache-Control", "no-store");
    return c.html(message.html);
  });

  return app;
}
