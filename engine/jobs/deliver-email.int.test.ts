import { createServer } from "node:net";
import { Queue, QueueEvents } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineConfigSchema, parseConfig, readEnvironment, type EngineConfig } from "../../core/config.js";
import { findOutboxEntry, queueEmail, type OutboxStatus } from "../../core/email/outbox.js";
import { createMailTransport, type MailSender } from "../../core/email/transport.js";
import { QUEUES } from "../../core/jobs.js";
import { createLogger } from "../../core/logger.js";
import { createProducerQueues, enqueue, type ProducerQueues } from "../../core/queues.js";
import { createRedis, type Redis } from "../../core/redis.js";
import { useTestDatabase } from "../../testing/database.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp.js";
import { startEngine, type RunningEngine } from "../engine.js";
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

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const waitForStatus = (id: string, status: OutboxStatus) =>
  waitFor(async () => {
    const entry = await findOutboxEntry(database.current.db, id);
    return entry?.status === status ? entry : undefined;
  });

let counter = 0;
function queueTestEmail(localPart = "user") {
  counter += 1;
  const to = `${localPart}-${counter}@example.test`;
  const token = `token-${counter}-${Math.random().toString(36).slice(2)}`;
  const message = { to, subject: `Test message ${counter}`, text: `Plain ${token}`, html: `<p>Rich ${token}</p>`, template: "test" };
  return queueEmail(database.current.db, message).then((id) => ({ id, to, token, subject: message.subject }));
}

/** An engine over the test database with its own queues; SMTP_URL as given ("" for none). */
function useEngine(smtpUrl: () => string) {
  const namespace = useRedisNamespace();
  const holder = {} as { config: EngineConfig; engine: RunningEngine; queues: ProducerQueues; producer: Redis };
  beforeAll(async () => {
    const config = (holder.config = parseConfig(EngineConfigSchema, {
      ...readEnvironment(),
      DATABASE_URL: database.current.url,
      REDIS_KEY_PREFIX: namespace.keyPrefix,
      QUEUE_PREFIX: namespace.queuePrefix,
      LOG_LEVEL: "silent",
      SMTP_URL: smtpUrl(),
      MAIL_FROM,
    }));
    holder.engine = await startEngine(config, createLogger({ level: "silent", name: "email-test" }));
    holder.producer = createRedis(config.REDIS_URL, "worker");
    holder.queues = createProducerQueues(holder.producer, namespace.queuePrefix);
  });
  afterAll(async () => {
    await holder.engine.shutdown();
    await holder.queues.close();
    await holder.producer.quit();
  });
  return Object.assign(holder, { namespace });
}

describe("e-mail delivery through SMTP", () => {
  const running = useEngine(() => smtp.url);

  it("sends a queued message with its From, To, Subject and both parts, and marks the row sent", async () => {
    const mail = await queueTestEmail();
    await enqueue(running.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });

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
    await enqueue(running.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
    await enqueue(running.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
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
    await enqueue(running.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
    const row = await waitForStatus(mail.id, "failed");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/550/);
    const job = await running.queues.get("email").getJob(mail.id);
    expect(await job?.getState()).toBe("failed");
    expect(job?.attemptsMade).toBe(1);
  });

  it("registers the stale-email sweep as a job scheduler", async () => {
    const schedulers = await running.queues.get("maintenance").getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain("requeue-stale-email-every-minute");
  });

  it("re-enqueues a stale queued row that never got a job, and it is delivered; a fresh row is left alone", async () => {
    const stale = await queueTestEmail();
    const fresh = await queueTestEmail();
    await database.current.db
      .updateTable("email_outbox")
      .set({ created_at: new Date(Date.now() - 5 * 60_000) })
      .where("id", "=", stale.id)
      .execute();

    const connection = createRedis(running.config.REDIS_URL, "worker");
    const maintenance = new Queue(QUEUES.maintenance.name, { connection, prefix: running.namespace.queuePrefix });
    const events = new QueueEvents(QUEUES.maintenance.name, { connection: connection.duplicate(), prefix: running.namespace.queuePrefix });
    try {
      await events.waitUntilReady();
      const job = await maintenance.add("requeue-stale-email", { task: "requeue-stale-email" });
      const result = (await job.waitUntilFinished(events, 15_000)) as { requeued: number };
      expect(result.requeued).toBeGreaterThanOrEqual(1);
    } finally {
      await events.close();
      await maintenance.close();
      await connection.quit();
    }

    await waitForStatus(stale.id, "sent");
    expect(smtp.receivedFor(stale.to)).toHaveLength(1);
    expect(await running.queues.get("email").getJob(fresh.id)).toBeUndefined();
    expect((await findOutboxEntry(database.current.db, fresh.id))?.status).toBe("queued");
  });
});

describe("e-mail delivery when the mail server cannot be reached", () => {
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
  });
  const running = useEngine(() => `smtp://127.0.0.1:${port}`);

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
    await running.queues
      .get("email")
      .add(QUEUES.email.name, { outbox_id: mail.id }, { jobId: mail.id, attempts: 3, backoff: { type: "fixed", delay: 20 } });
    const row = await waitForStatus(mail.id, "failed");
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    const job = await running.queues.get("email").getJob(mail.id);
    expect(job?.attemptsMade).toBe(3);
    expect(smtp.receivedFor(mail.to)).toHaveLength(0);
  });
});

describe("e-mail delivery without SMTP_URL", () => {
  const running = useEngine(() => "");

  it("marks the row sent (the development mailbox is the destination) and sends nothing", async () => {
    const mail = await queueTestEmail();
    await enqueue(running.queues, "email", { outbox_id: mail.id }, { jobId: mail.id });
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
    await enqueue(running.queues, "email", { outbox_id: id }, { jobId: id });
    const job = await waitFor(async () => {
      const found = await running.queues.get("email").getJob(id);
      return (await found?.getState()) === "failed" ? found : undefined;
    });
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/does not exist/);
  });
});
