import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOutboxEntry, queueEmail } from "../../core/email/outbox.js";
import { enqueue } from "../../core/queues.js";
import { useTestDatabase } from "../../testing/database.js";
import { useTestEngine } from "../../testing/engine.js";
import { waitFor } from "../../testing/wait-for.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp.js";
import { requeueStaleEmail } from "./requeue-stale-email.js";

const database = useTestDatabase();
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function queueTestEmail(to: string, ageMs = 0): Promise<string> {
  const id = await queueEmail(database.current.db, { to, subject: `For ${to}`, text: "Hello", html: "<p>Hello</p>", template: "test" });
  if (ageMs) {
    await database.current.db.updateTable("email_outbox").set({ created_at: new Date(Date.now() - ageMs) }).where("id", "=", id).execute();
  }
  return id;
}

describe("requeue-stale-email", () => {
  const engine = useTestEngine(database, () => ({ SMTP_URL: smtp.url }));

  it("is scheduled every minute", async () => {
    const schedulers = await engine.current.queues.get("maintenance").getJobSchedulers();
    expect(schedulers.find((s) => s.key === "requeue-stale-email-every-minute")?.every).toBe(60_000);
  });

  it("re-enqueues a queued row that never got a job, and it is delivered; a fresh row is left to its request", async () => {
    const stale = await queueTestEmail("stale@example.test", 5 * 60_000);
    const fresh = await queueTestEmail("fresh@example.test");

    const result = await engine.current.runJob("maintenance", { task: "requeue-stale-email" });
    expect(result).toEqual({ requeued: expect.any(Number) });

    await waitFor(async () => ((await findOutboxEntry(database.current.db, stale))?.status === "sent" ? true : undefined));
    expect(smtp.receivedFor("stale@example.test")).toHaveLength(1);
    expect(await engine.current.queues.get("email").getJob(fresh)).toBeUndefined();
    expect((await findOutboxEntry(database.current.db, fresh))?.status).toBe("queued");
  });

  it("does not enqueue a row twice while its job exists, and skips sent and failed rows", async () => {
    const queues = engine.current.queues;
    const waiting = await queueTestEmail("waiting@example.test", 5 * 60_000);
    await enqueue(queues, "email", { outbox_id: waiting }, { jobId: waiting, delay: 60_000 });
    const sent = await queueTestEmail("sent@example.test", 5 * 60_000);
    const failed = await queueTestEmail("failed@example.test", 5 * 60_000);
    await database.current.db.updateTable("email_outbox").set({ status: "sent" }).where("id", "=", sent).execute();
    await database.current.db.updateTable("email_outbox").set({ status: "failed" }).where("id", "=", failed).execute();

    expect(await requeueStaleEmail(database.current.db, queues)).toBe(1);
    expect(await requeueStaleEmail(database.current.db, queues)).toBe(1);
    expect(await queues.get("email").getJobCounts("delayed", "waiting", "active")).toEqual({ delayed: 1, waiting: 0, active: 0 });
    expect(await queues.get("email").getJob(sent)).toBeUndefined();
    expect(await queues.get("email").getJob(failed)).toBeUndefined();
  });

  it("goes through every stale row, page by page", async () => {
    const ids = await Promise.all(Array.from({ length: 7 }, (_, i) => queueTestEmail(`page-${i}@example.test`, 10 * 60_000)));
    // Older than everything else in this file, so only these rows qualify.
    const now = new Date(Date.now() - 9 * 60_000);
    expect(await requeueStaleEmail(database.current.db, engine.current.queues, { now, olderThanMs: 0, batchSize: 3 })).toBe(7);
    for (const id of ids) await waitFor(async () => ((await findOutboxEntry(database.current.db, id))?.status === "sent" ? true : undefined));
    expect(ids.map((_, i) => smtp.receivedFor(`page-${i}@example.test`).length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
