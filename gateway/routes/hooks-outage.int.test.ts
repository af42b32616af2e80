import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../core/logger.js";
import { createProducerQueues } from "../../core/queues.js";
import { createRedis, waitForRedis, type Redis } from "../../core/redis.js";
import { createKeyedAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { testGatewayConfig } from "../../testing/environment.js";
import { freePort } from "../../testing/gateway-process.js";
import { createApp } from "../app.js";
import { WorkflowSchema } from "../../core/contracts/workflow-responses.js";

const database = useTestDatabase();
let port: number;
let server: ChildProcess;
const connections: Redis[] = [];

beforeAll(async () => {
  port = await freePort();
  server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
});
afterAll(() => {
  for (const connection of connections) connection.disconnect();
  server.kill("SIGKILL");
});

/** The gateway as main.ts wires it: a fail-fast producer connection for the queues. */
async function gateway() {
  const config = testGatewayConfig({ DATABASE_URL: database.current.url, REDIS_URL: `redis://127.0.0.1:${port}` });
  const redis = createRedis(config.REDIS_URL, "client", { keyPrefix: config.REDIS_KEY_PREFIX, retryStrategy: () => 100 });
  const producer = createRedis(config.REDIS_URL, "producer", { retryStrategy: () => 100 });
  const subscriber = createRedis(config.REDIS_URL, "worker", { retryStrategy: () => 100 });
  for (const connection of [redis, producer, subscriber]) {
    connection.on("error", () => undefined);
    connections.push(connection);
  }
  await Promise.all([waitForRedis(redis, 10_000), waitForRedis(producer, 10_000)]);
  const queues = createProducerQueues(producer, config.QUEUE_PREFIX);
  return createApp({ config, db: database.current.db, redis, queues, plainRedis: subscriber, subscriber, logger: createLogger({ level: "silent", name: "t" }), isShuttingDown: () => false });
}

describe("inbound hooks while Redis is down", () => {
  it("still accept the hook (metered locally) and leave the execution queued for the engine's sweep", async () => {
    const app = await gateway();
    const { authorization } = await createKeyedAccount(database.current.db);
    const createdResponse = await app.request("/v1/workflows", {
      method: "POST",
      headers: { ...authorization, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Outage", trigger: { type: "webhook" }, actions: [{ type: "delay", config: { seconds: 1 } }] }),
    });
    expect(createdResponse.status).toBe(201);
    const workflow = WorkflowSchema.parse(await createdResponse.json());
    const path = new URL(workflow.webhook_url ?? "").pathname;

    server.kill("SIGKILL");
    await new Promise((resolve) => server.once("exit", resolve));
    const response = await app.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"during":"outage"}' });
    expect(response.status).toBe(202);
    const { execution_id: id } = (await response.json()) as { execution_id: string };
    const row = await database.current.db.selectFrom("executions").select(["status", "trigger_data"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "queued", trigger_data: { during: "outage" } });
  });
});
