import { createServer } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testGatewayConfig } from "../../testing/environment.js";
import { useRedisNamespace } from "../../testing/redis.js";
import { createProducerQueues, type ProducerQueues } from "../queues.js";
import { connectRedis, createRedis, type Redis } from "../redis.js";
import { sendQueuedEmail } from "./send.js";

const OUTBOX_ID = "mail_1111111111111111111112";

/** A real pino logger whose lines are kept for the test to read. */
function recordingLogger() {
  const lines: Array<{ msg: string; outboxId?: string }> = [];
  const logger = pino({ level: "warn", base: null, timestamp: false }, {
    write: (line: string) => {
      const { msg, outboxId } = JSON.parse(line) as { msg: string; outboxId?: string };
      lines.push({ msg, ...(outboxId ? { outboxId } : {}) });
    },
  });
  return { logger, lines };
}

describe("sendQueuedEmail", () => {
  const namespace = useRedisNamespace();
  let producer: Redis;
  let queues: ProducerQueues;

  beforeAll(() => {
    producer = connectRedis(testGatewayConfig({}), "producer");
    queues = createProducerQueues(producer, namespace.queuePrefix);
  });
  afterAll(async () => {
    await queues.close();
    await producer.quit();
  });

  it("enqueues one email job whose id is the outbox id, however often it is called", async () => {
    const { logger, lines } = recordingLogger();
    await sendQueuedEmail(queues, OUTBOX_ID, logger);
    await sendQueuedEmail(queues, OUTBOX_ID, logger);
    const job = await queues.get("email").getJob(OUTBOX_ID);
    expect(job?.data).toEqual({ outbox_id: OUTBOX_ID });
    expect(await queues.get("email").getJobCounts("waiting")).toEqual({ waiting: 1 });
    expect(lines).toEqual([]);
  });

  it("does not throw when Redis is unreachable, and logs a warning naming the outbox row", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const unreachable = createRedis(`redis://127.0.0.1:${port}`, "producer");
    unreachable.on("error", () => undefined);
    const deadQueues = createProducerQueues(unreachable, namespace.queuePrefix);
    // BullMQ prints connection errors of a queue without an error listener to the console.
    deadQueues.get("email").on("error", () => undefined);
    const { logger, lines } = recordingLogger();
    try {
      const started = Date.now();
      await expect(sendQueuedEmail(deadQueues, OUTBOX_ID, logger)).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(lines).toEqual([{ msg: expect.stringMatching(/sweeper will deliver it/), outboxId: OUTBOX_ID }]);
    } finally {
      await deadQueues.close();
      unreachable.disconnect();
    }
  });
});
