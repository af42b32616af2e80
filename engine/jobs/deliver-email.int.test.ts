import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOutboxEntry, queueEmail, type OutboxStatus } from "../../core/email/outbox.js";
import { createMailTransport, type MailSender } from "../../core/email/transport.js";
import { QUEUES } from "../../core/jobs.js";
import { enqueue } from "../../core/queues.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine, type TestEngine } from "../../testing/engine.js";
import { waitFor } from "../../testing/wait-for.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp.js";
import { deliverOutboxEmail } from "./deliver-email.js";

const database = useTestDatabase();
const MAIL_FROM = "Sluice Test <mailer@sluice.test>";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const waitForStatus = (id: string, status: OutboxStatus) =>
  waitFor(async () => {
    const entry = await findOutboxEntry(database.current.db, id);
    return entry?.status === status ? entry : undefined;
  });

/** The job as it failed: read after its state, since a job read before could still hold its first attempt's fields. */
const waitForFailedJob = (engine: { current: TestEngine }, id: string) =>
  waitFor(async () => {
    const queue = engine.current.queues.get("email");
    return (await queue.getJobState(id)) === "failed" ? queue.getJob(id) : undefined;
  });

let counter = 0;
function queueTestEmail(localPart = "user") {
  counter += 1;
  const to = `${localPart}-${counter}@example.test`;
  const token = `token-${counter}-${Math.random().toString(36).slice(2)}`;
  const message = { to, subject: `Test message ${counter}`, text: `Plain ${token}`, html: `<p>Rich ${token}</p>`, template: "test" };
  return queueEmail(database.current.db, message).then((id) => ({ id, to, token, subject: message.subject }));
}

describe("e-mail delivery through SMTP", () => {
  const engine = useTestEngine(database, () => ({ SMTP_URL: smtp.url, MAIL_FROM }));

  it("sends a queued message with its From, To, Subject and both parts, and marks the row sent", async () => {
    const mail = await queueTestEmail();
    await enqueue(engine.current.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });

    const [received] = await waitFor(() => (smtp.receivedFor(mail.to).length ? smtp.receivedFor(mail.to) : undefined));
    expect(received?.mailFrom).toBe("mailer@sluice.test");
    expect(received?.raw).toContain(`From: ${MAIL_FROM}`);
    expect(received?.raw).toContain(`To: ${mail.to}`);
    expect(received?.raw).toContain(`Subject: ${mail.subject}`);
    expect(received?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(received?.raw).toMatch(/Content-Type: text\/plain[^]*Plain token-/);
    expect(received?.raw).toMatch(/Content-Type: text\/html[^]*<p>Rich token-/);
    expect(received?.raw).toContain(mail.token);

    const row = await waitForStatus(mail.id, "sent");
    expect(row.attempts).toBe(1);
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it("sends one message when the same outbox id is enqueued twice or delivered concurrently", async () => {
    const mail = await queueTestEmail();
    await enqueue(engine.current.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
    await enqueue(engine.current.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
    await waitForStatus(mail.id, "sent");

    const sender: MailSender = { transport: createMailTransport(smtp.url), from: MAIL_FROM };
    const options = { mail: sender, mailboxIsDestination: false, lastAttempt: false };
    const fresh = await queueTestEmail();
    try {
      const again = await Promise.all([1, 2, 3].map(() => deliverOutboxEmail(database.current.db, mail.id, options)));
      expect(again).toEqual(["already-sent", "already-sent", "already-sent"]);
      const outcomes = await Promise.all([1, 2].map(() => deliverOutboxEmail(database.current.db, fresh.id, options)));
      expect(outcomes.sort()).toEqual(["already-sent", "sent"]);
    } finally {
      sender.transport.close();
    }
    expect(smtp.receivedFor(mail.to)).toHaveLength(1);
    expect(smtp.receivedFor(fresh.to)).toHaveLength(1);
  });

  it("marks a message refused permanently by the server as failed without retrying", async () => {
    const mail = await queueTestEmail("reject");
    await enqueue(engine.current.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
    const row = await waitForStatus(mail.id, "failed");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/550/);
    const job = await waitForFailedJob(engine, mail.id);
    expect(job.attemptsMade).toBe(1);
  });
});

describe("e-mail delivery when the mail server cannot be reached", () => {
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
  });
  const engine = useTestEngine(database, () => ({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM }));

  it("records the attempt and the server's error, rethrows, and marks the row failed on the last attempt", async () => {
    const mail = await queueTestEmail();
    const sender: MailSender = { transport: createMailTransport(`smtp://127.0.0.1:${port}`), from: MAIL_FROM };
    try {
      const deliver = (lastAttempt: boolean) =>
        deliverOutboxEmail(database.current.db, mail.id, { mail: sender, mailboxIsDestination: false, lastAttempt });
      await expect(deliver(false)).rejects.toThrow(/ECONNREFUSED/);
      expect(await findOutboxEntry(database.current.db, mail.id)).toMatchObject({
        status: "queued",
        attempts: 1,
        last_error: expect.stringMatching(/ECONNREFUSED/),
        sent_at: null,
      });
      await expect(deliver(true)).rejects.toThrow(/ECONNREFUSED/);
      expect(await findOutboxEntry(database.current.db, mail.id)).toMatchObject({ status: "failed", attempts: 2 });
    } finally {
      sender.transport.close();
    }
  });

  it("retries through the queue with backoff and marks the row failed when the attempts run out", async () => {
    const mail = await queueTestEmail();
    await engine.current.queues
      .get("email")
      .add(QUEUES.email.name, { outbox_id: mail.id }, { jobId: mail.id, attempts: 3, backoff: { type: "fixed", delay: 20 } });
    const row = await waitForStatus(mail.id, "failed");
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    expect((await waitForFailedJob(engine, mail.id)).attemptsMade).toBe(3);
    expect(smtp.receivedFor(mail.to)).toHaveLength(0);
  });

  it("delivers the message once the server is back: the outbox row is retried, not lost", async () => {
    const mail = await queueTestEmail();
    await engine.current.queues
      .get("email")
      .add(QUEUES.email.name, { outbox_id: mail.id }, { jobId: mail.id, attempts: 20, backoff: { type: "fixed", delay: 200 } });
    await waitFor(async () => ((await findOutboxEntry(database.current.db, mail.id))?.attempts ?? 0) >= 2 || undefined);
    const revived = await startTestSmtpServer(port);
    try {
      const row = await waitForStatus(mail.id, "sent");
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect(revived.receivedFor(mail.to)).toHaveLength(1);
      expect(revived.receivedFor(mail.to)[0]?.raw).toContain(mail.token);
    } finally {
      await revived.close();
    }
  });
});

describe("e-mail delivery without SMTP_URL", () => {
  const engine = useTestEngine(database, () => ({ SMTP_URL: "" }));

  it("marks the row sent (the development mailbox is the destination) and sends nothing", async () => {
    const mail = await queueTestEmail();
    await enqueue(engine.current.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
    const row = await waitForStatus(mail.id, "sent");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeNull();
    expect(smtp.receivedFor(mail.to)).toHaveLength(0);
  });

  it("in production, refuses to count the outbox as delivery and keeps the row queued with the reason", async () => {
    const mail = await queueTestEmail();
    await expect(
      deliverOutboxEmail(database.current.db, mail.id, { mail: undefined, mailboxIsDestination: false, lastAttempt: false }),
    ).rejects.toThrow(/SMTP_URL is not set/);
    expect(await findOutboxEntry(database.current.db, mail.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: expect.stringMatching(/SMTP_URL is not set/),
    });
  });

  it("fails a job for an outbox row that does not exist without retrying", async () => {
    const id = "mail_1111111111111111111111";
    await enqueue(engine.current.queues, "email", { outbox_id: id }, { jobId: id });
    const job = await waitForFailedJob(engine, id);
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/does not exist/);
  });
});
