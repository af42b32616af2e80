import { UnrecoverableError, type Job } from "bullmq";
import type { Database } from "../../core/db/client.js";
import type { MailSender } from "../../core/email/transport.js";
import type { JobPayload } from "../../core/jobs.js";
import type { EngineContext } from "../worker-definition.js";

export interface DeliveryOptions {
  /** The SMTP sender; without one, `mailboxIsDestination` decides what delivery means. */
  mail: MailSender | undefined;
  /** Without SMTP, the outbox row itself is the delivery (the development mailbox). */
  mailboxIsDestination: boolean;
  /** No retry follows this attempt: a failure marks the row `failed`. */
  lastAttempt: boolean;
}

export type DeliveryOutcome = "sent" | "delivered-to-mailbox" | "already-sent" | "dry-run";

const MAX_ERROR_LENGTH = 1_000;

/**
 * Delivers one outbox row. The row is locked (FOR UPDATE) from the check to the status update, so
 * two deliveries of the same id, even concurrent ones, send one message. A failure is recorded on
 * the row (attempts, last_error) and rethrown so the queue retries it with backoff. The lock holds
 * one database connection per message being sent, for at most the transport's timeouts.
 */
export async function deliverOutboxEmail(db: Database, outboxId: string, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body", "html_body", "status", "attempts"])
      .where("id", "=", outboxId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new UnrecoverableError(`email_outbox row ${outboxId} does not exist`);
    if (row.status === "sent") return { outcome: "already-sent" as const };
    if (row.status === "dry_run") return { outcome: "dry-run" as const };

    const attempts = row.attempts + 1;
    try {
      if (options.mail) {
        await options.mail.transport.sendMail({
          from: options.mail.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
        });
      } else if (!options.mailboxIsDestination) {
        throw new Error("SMTP_URL is not set: there is no mail server to deliver to");
      }
    } catch (error) {
      const permanent = isPermanentSmtpFailure(error);
      await trx
        .updateTable("email_outbox")
        .set({ attempts, last_error: describeError(error), ...(permanent || options.lastAttempt ? { status: "failed" } : {}) })
        .where("id", "=", outboxId)
        .execute();
      return { outcome: "error" as const, error, permanent };
    }
    await trx.updateTable("email_outbox").set({ status: "sent", sent_at: new Date(), attempts }).where("id", "=", outboxId).execute();
    return { outcome: options.mail ? ("sent" as const) : ("delivered-to-mailbox" as const) };
  });

  if (result.outcome !== "error") return result.outcome;
  // Rethrown after the transaction committed, so the attempt stays recorded.
  if (result.permanent) throw new UnrecoverableError(describeError(result.error));
  throw result.error;
}

/** The `email` queue's processor. */
export async function processEmailJob(payload: JobPayload<"email">, job: Job, context: EngineContext) {
  const outcome = await deliverOutboxEmail(context.db, payload.outbox_id, {
    mail: context.mail,
    mailboxIsDestination: context.config.NODE_ENV !== "production",
    lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
  });
  context.logger.info({ outboxId: payload.outbox_id, outcome }, "e-mail delivery finished");
  return { outbox_id: payload.outbox_id, outcome };
}

/** A 5xx answer to the recipient or the message itself will be the same on every retry. */
function isPermanentSmtpFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && (code === "EENVELOPE" || code === "EMESSAGE");
}

/** The mail server's own message (it names the failure and carries no secret), bounded. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH);
}
