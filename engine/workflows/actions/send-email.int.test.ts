import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOutboxEntry } from "../../../core/email/outbox.js";
import { createMailTransport, type MailSender } from "../../../core/email/transport.js";
import { isId } from "../../../core/ids.js";
import { createAccount } from "../../../testing/accounts.js";
import { useTestDatabase } from "../../../testing/database.js";
import { useTestQueues } from "../../../testing/redis.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../../testing/smtp.js";
import { deliverOutboxEmail } from "../../jobs/deliver-email.js";
import { requeueStaleEmail } from "../../jobs/requeue-stale-email.js";
import type { ActionContext } from "./action-context.js";
import { runAction } from "./action-runners.js";
import { WORKFLOW_EMAIL_TEMPLATE } from "./send-email.js";
import { actionFailureOf, testActionContext } from "../../../testing/action-context.js";

const database = useTestDatabase();
const queues = useTestQueues();
let smtp: TestSmtpServer;
let sender: MailSender;
let userId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  sender = { transport: createMailTransport(smtp.url), from: "Sluice Test <mailer@sluice.test>" };
  userId = (await createAccount(database.current.db)).id;
});
afterAll(async () => {
  sender.transport.close();
  await smtp.close();
});

const context = (overrides: Partial<ActionContext> = {}) => testActionContext({ db: database.current.db, queues: queues.current }, { userId, ...overrides });
const email = (to: string, subject = "Order paid", text = "Order 42 was paid.\n\nThanks <3") =>
  ({ type: "send_email", config: { to, subject, text } }) as const;

const outboxRowsTo = (to: string) => database.current.db.selectFrom("email_outbox").selectAll().where("to_address", "=", to).execute();
const deliver = (id: string) => deliverOutboxEmail(database.current.db, id, { mail: sender, mailboxIsDestination: false, lastAttempt: false });

describe("send_email action", () => {
  it("writes one outbox row, enqueues its delivery, and the message reaches the mail server", async () => {
    const to = "ops-live@example.test";
    const result = await runAction(email(to), context());
    const output = result.output as { outbox_id: string; to: string };
    expect(output).toEqual({ outbox_id: expect.any(String), to });
    expect(isId("mail", output.outbox_id)).toBe(true);

    const row = await findOutboxEntry(database.current.db, output.outbox_id);
    expect(row).toMatchObject({ to, subject: "Order paid", text: "Order 42 was paid.\n\nThanks <3", template: WORKFLOW_EMAIL_TEMPLATE, status: "queued" });
    expect(row?.html).toContain("<p>Order 42 was paid.</p>\n<p>Thanks &lt;3</p>");
    expect(await queues.current.get("email").getJob(output.outbox_id)).toMatchObject({ data: { outbox_id: output.outbox_id } });

    expect(await deliver(output.outbox_id)).toBe("sent");
    expect(smtp.receivedFor(to)).toHaveLength(1);
    expect(smtp.receivedFor(to)[0]?.raw).toContain("Subject: Order paid");
  });

  it("queues no second e-mail when the step is retried or its run resumed", async () => {
    const to = "ops-retry@example.test";
    const first = context({ stepName: "mail_ops" });
    const attempt1 = await runAction(email(to), first);
    const attempt2 = await runAction(email(to), { ...first, attempt: 2 });
    const resumed = await runAction(email(to), { ...first, attempt: 1, signal: new AbortController().signal });
    expect(attempt2.output).toEqual(attempt1.output);
    expect(resumed.output).toEqual(attempt1.output);
    expect(await outboxRowsTo(to)).toHaveLength(1);

    const { outbox_id } = attempt1.output as { outbox_id: string };
    expect(await deliver(outbox_id)).toBe("sent");
    await runAction(email(to), { ...first, attempt: 3 });
    expect(await deliver(outbox_id)).toBe("already-sent");
    expect(smtp.receivedFor(to)).toHaveLength(1);
    expect(await outboxRowsTo(to)).toHaveLength(1);
  });

  it("writes a new e-mail for another step and for another execution", async () => {
    const to = "ops-many@example.test";
    const ctx = context({ stepName: "first" });
    await runAction(email(to), ctx);
    await runAction(email(to), { ...ctx, stepName: "second", stepIndex: 1 });
    await runAction(email(to), context({ stepName: "first" }));
    expect(await outboxRowsTo(to)).toHaveLength(3);
  });

  it("fails for good, writing nothing, when to is not exactly one address", async () => {
    for (const to of ["not-an-address", "a@example.test, b@example.test", "a@example.test b@example.test"]) {
      const failure = await actionFailureOf(runAction(email(to), context()));
      expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: false, message: expect.stringContaining('"to" must be exactly one e-mail address') });
      expect(await outboxRowsTo(to)).toHaveLength(0);
    }
  });

  it("fails for good when a template put a line break in the subject", async () => {
    const to = "ops-subject@example.test";
    const failure = await actionFailureOf(runAction(email(to, "Hello\r\nBcc: victim@example.test"), context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: false, message: expect.stringContaining("subject must be one line") });
    expect(await outboxRowsTo(to)).toHaveLength(0);
  });

  it("in test mode writes the row only: no job, and the stale-email sweeper never delivers it", async () => {
    const to = "ops-dry@example.test";
    const ctx = context({ mode: "test" });
    const result = await runAction(email(to), ctx);
    const { outbox_id } = result.output as { outbox_id: string };
    expect(result.output).toEqual({ dry_run: true, outbox_id, to });
    expect(await findOutboxEntry(database.current.db, outbox_id)).toMatchObject({ to, status: "dry_run", last_error: null });
    expect(await queues.current.get("email").getJob(outbox_id)).toBeUndefined();

    await runAction(email(to), { ...ctx, attempt: 2 });
    expect(await outboxRowsTo(to)).toHaveLength(1);

    await database.current.db.updateTable("email_outbox").set({ created_at: new Date(Date.now() - 3_600_000) }).where("id", "=", outbox_id).execute();
    await requeueStaleEmail(database.current.db, queues.current);
    expect(await queues.current.get("email").getJob(outbox_id)).toBeUndefined();
    expect(smtp.receivedFor(to)).toHaveLength(0);
  });
});
