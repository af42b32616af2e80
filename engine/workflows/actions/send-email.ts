import { createHash } from "node:crypto";
import { z } from "zod";
import { type sendEmailAction } from "../../../core/contracts/actions/send-email.js";
import { escapeHtml } from "../../../core/email/html.js";
import { OutboxMessageSchema, type OutboxMessage } from "../../../core/email/outbox.js";
import { sendQueuedEmail } from "../../../core/email/send.js";
import { BASE58_ALPHABET, encodeBase58Fixed, isId, type Id } from "../../../core/ids.js";
import { ActionFailure, type ActionContext } from "./action-context.js";

export type SendEmailConfig = z.output<typeof sendEmailAction.config>;

/** The outbox `template` of e-mails written by workflow steps. */
export const WORKFLOW_EMAIL_TEMPLATE = "workflow-email";
/** Why a test-mode e-mail row is never delivered; kept on the row for the mailbox and operators. */

export interface SendEmailOutput {
  outbox_id: string;
  to: string;
}
export interface SendEmailDryRunOutput {
  dry_run: true;
  outbox_id: string;
  to: string;
}

/**
 * The send_email step: writes one outbox row and (live mode) enqueues its delivery.
 *
 * Once per (execution, step): the row's id is derived from the execution id and the step name,
 * and the insert does nothing when that row exists, so a retried attempt or a run resumed after
 * a crash finds the row it wrote before instead of queuing a second message. A row still
 * `queued` is offered to the queue again (the job id is the row id, so a job that exists is not
 * duplicated).
 *
 * Test mode writes the row as `dry_run` (shown in the outbox, never delivered) and enqueues nothing.
 */
export async function runSendEmail(config: SendEmailConfig, context: ActionContext): Promise<SendEmailOutput | SendEmailDryRunOutput> {
  const message = workflowEmail(config);
  context.signal.throwIfAborted();

  const id = workflowEmailId(context.executionId, context.stepName);
  const dryRun = context.mode === "test";
  await context.db
    .insertInto("email_outbox")
    .values({
      id,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      template: message.template,
      status: dryRun ? "dry_run" : "queued",
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  if (dryRun) return { dry_run: true, outbox_id: id, to: message.to };

  const row = await context.db.selectFrom("email_outbox").select("status").where("id", "=", id).executeTakeFirst();
  if (row?.status === "queued") await sendQueuedEmail(context.queues, id, context.logger);
  return { outbox_id: id, to: message.to };
}

const EmailAddressSchema = z.string().trim().max(254).pipe(z.email());

/** The outbox message for a step's config, or a final failure naming the field that is wrong. */
export function workflowEmail(config: SendEmailConfig): OutboxMessage {
  if (!EmailAddressSchema.safeParse(config.to).success) {
    throw new ActionFailure("ACTION_FAILED", `send_email "to" must be exactly one e-mail address, such as name@example.com`, { retryable: false });
  }
  const result = OutboxMessageSchema.safeParse({
    to: config.to,
    subject: config.subject,
    text: config.text,
    html: workflowEmailHtml(config.subject, config.text),
    template: WORKFLOW_EMAIL_TEMPLATE,
  });
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.map(String).join(".")}: ${issue.message}`);
  throw new ActionFailure("ACTION_FAILED", `send_email cannot be sent: ${problems.join("; ")}`, { retryable: false });
}

/** The text as HTML: every character escaped, blank lines between paragraphs, line breaks kept. */
export function workflowEmailHtml(subject: string, text: string): string {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>\n")}</p>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(subject)}</title>
</head>
<body>
${paragraphs.join("\n")}
</body>
</html>
`;
}

/**
 * A `mail_` id that is the same for every attempt of one step of one execution: the execution
 * id's 48-bit time (so the ids still sort by time) and 80 bits of SHA-256 over the execution id
 * and step name.
 */
export function workflowEmailId(executionId: string, stepName: string): Id<"mail"> {
  const digest = createHash("sha256").update(`workflow-email\0${executionId}\0${stepName}`).digest();
  const bytes = new Uint8Array(16);
  bytes.set(isId("exec", executionId) ? idTime(executionId.slice("exec_".length)) : digest.subarray(10, 16), 0);
  bytes.set(digest.subarray(0, 10), 6);
  return `mail_${encodeBase58Fixed(bytes, 22)}`;
}

/** The 6 time bytes at the front of an id body (see core/ids.ts). */
function idTime(body: string): Uint8Array {
  let value = 0n;
  for (const character of body) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(character));
  const time = new Uint8Array(6);
  let high = value >> 80n;
  for (let i = 5; i >= 0; i--) {
    time[i] = Number(high & 0xffn);
    high >>= 8n;
  }
  return time;
}
