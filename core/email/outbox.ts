import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { newId, type Id } from "../ids.js";

/**
 * The e-mail outbox: every message is a row first, then a job on the `email` queue. Writing the
 * row in the caller's transaction means a token and the e-mail that carries it commit together.
 */

export const OutboxMessageSchema = z.object({
  to: z.string().trim().max(254).pipe(z.email()),
  // A header line: no line breaks, and short enough for every mail server.
  subject: z.string().min(1).max(500).regex(/^[^\r\n]*$/, "subject must be one line"),
  text: z.string().min(1),
  html: z.string().min(1),
  /** Which template produced it, for the mailbox and for operators. */
  template: z.string().min(1).max(100),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** `dry_run`: written by a test-mode workflow run; shown, never delivered. */
export const OutboxStatusSchema = z.enum(["queued", "sent", "failed", "dry_run"]);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  template: string | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** Inserts a `queued` row and returns its id. `db` may be a transaction. */
export async function queueEmail(db: Database, message: OutboxMessage): Promise<Id<"mail">> {
  const parsed = OutboxMessageSchema.parse(message);
  const id = newId("mail");
  await db
    .insertInto("email_outbox")
    .values({
      id,
      to_address: parsed.to,
      subject: parsed.subject,
      text_body: parsed.text,
      html_body: parsed.html,
      template: parsed.template,
      status: "queued",
    })
    .execute();
  return id;
}

const outboxColumns = [
  "id",
  "to_address",
  "subject",
  "text_body",
  "html_body",
  "template",
  "status",
  "attempts",
  "last_error",
  "created_at",
  "sent_at",
] as const;

/** The newest messages first, optionally only those to one address (case-insensitive). */
export async function listOutbox(db: Database, options: { limit: number; to?: string }): Promise<OutboxEntry[]> {
  let query = db.selectFrom("email_outbox").select(outboxColumns);
  if (options.to) query = query.where(sql<string>`lower(to_address)`, "=", options.to.trim().toLowerCase());
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
  return rows.map(toOutboxEntry);
}

export async function findOutboxEntry(db: Database, id: string): Promise<OutboxEntry | undefined> {
  const row = await db.selectFrom("email_outbox").select(outboxColumns).where("id", "=", id).executeTakeFirst();
  return row && toOutboxEntry(row);
}

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

function toOutboxEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    template: row.template,
    status: OutboxStatusSchema.parse(row.status),
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}
