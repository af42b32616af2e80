import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createProducerQueues, type ProducerQueues } from "../../../core/queues.js";
import { createRedis, type Redis } from "../../../core/redis.js";
import { useTestDatabase } from "../../../testing/database.js";
import { baseTestConfig } from "../../../testing/environment.js";
import { startHttpReceiver, type HttpReceiver } from "../../../testing/http-receiver.js";
import { useRedisNamespace } from "../../../testing/redis.js";
import { ActionFailure, type ActionContext } from "./action-context.js";
import { runAction } from "./run-action.js";
import { testActionContext, testEngineConfig } from "../../../testing/action-context.js";

const database = useTestDatabase();
const namespace = useRedisNamespace();
let redis: Redis;
let queues: ProducerQueues;
let receiver: HttpReceiver;

beforeAll(async () => {
  redis = createRedis(baseTestConfig().REDIS_URL, "producer");
  queues = createProducerQueues(redis, namespace.queuePrefix);
  receiver = await startHttpReceiver();
});
afterAll(async () => {
  await receiver.close();
  await queues.close();
  await redis.quit();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.respondWith((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end("ok");
  });
});

const context = (overrides: Partial<ActionContext> = {}) => testActionContext({ db: database.current.db, queues }, overrides);

async function failureOf(work: Promise<unknown>): Promise<ActionFailure> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof ActionFailure) return error;
  throw new Error(`expected an ActionFailure, got ${String(error)}`);
}

describe("chat_message action", () => {
  it("posts Slack's {text} byte for byte with the step's Idempotency-Key", async () => {
    const ctx = context({ stepName: "tell_team" });
    const result = await runAction(
      { type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.url}/services/T0/B0/xyz`, text: 'Order #42 paid: "5 €"\nThanks' } },
      ctx,
    );
    const [request] = await receiver.waitForRequests(1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/services/T0/B0/xyz");
    expect(request?.body).toBe('{"text":"Order #42 paid: \\"5 €\\"\\nThanks"}');
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["idempotency-key"]).toBe(`${ctx.executionId}:tell_team`);
    expect(result.output).toEqual({ status: 200, provider: "slack" });
  });

  it("posts Discord's {content} and Teams' MessageCard", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const discord = await runAction({ type: "chat_message", config: { provider: "discord", webhook_url: `${receiver.url}/api/webhooks/1/abc`, text: "hi" } }, context());
    const teams = await runAction({ type: "chat_message", config: { provider: "teams", webhook_url: `${receiver.url}/webhookb2/x`, text: "hi" } }, context());
    const generic = await runAction({ type: "chat_message", config: { provider: "generic", webhook_url: `${receiver.url}/hook`, text: "hi" } }, context());
    const requests = await receiver.waitForRequests(3);
    expect(requests.map((request) => request.body)).toEqual([
      '{"content":"hi"}',
      '{"@type":"MessageCard","@context":"https://schema.org/extensions","text":"hi"}',
      '{"text":"hi"}',
    ]);
    expect([discord.output, teams.output, generic.output]).toEqual([
      { status: 204, provider: "discord" },
      { status: 204, provider: "teams" },
      { status: 204, provider: "generic" },
    ]);
  });

  it("fails a provider's 429 as retryable after its Retry-After", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "2" });
      response.end('{"message":"You are being rate limited.","retry_after":1.5,"global":false}');
    });
    const failure = await failureOf(runAction({ type: "chat_message", config: { provider: "discord", webhook_url: `${receiver.url}/api/webhooks/1/abc`, text: "hi" } }, context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: true, retryAfterMs: 2_000, message: "Discord answered HTTP 429" });
  });

  it("fails a provider's 400 for good", async () => {
    receiver.respondWith((_request, response) => {
      response.writeHead(400);
      response.end("invalid_payload");
    });
    const failure = await failureOf(runAction({ type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.url}/services/x`, text: "hi" } }, context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: false, message: "Slack answered HTTP 400" });
  });

  it("sends nothing for a Discord message over 2,000 characters", async () => {
    const failure = await failureOf(
      runAction({ type: "chat_message", config: { provider: "discord", webhook_url: `${receiver.url}/api/webhooks/1/abc`, text: "x".repeat(2_001) } }, context()),
    );
    expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining("2,000 characters") });
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses a private webhook URL when private addresses are not allowed", async () => {
    const failure = await failureOf(
      runAction(
        { type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.url}/services/x`, text: "hi" } },
        context({ config: testEngineConfig({ OUTBOUND_ALLOW_PRIVATE: "false" }) }),
      ),
    );
    expect(failure).toMatchObject({ code: "BLOCKED_DESTINATION", retryable: false });
    expect(receiver.received).toHaveLength(0);
  });

  it("sends nothing in test mode and records the message with the webhook URL's secret path redacted", async () => {
    const ctx = context({ mode: "test" });
    const result = await runAction({ type: "chat_message", config: { provider: "teams", webhook_url: `${receiver.url}/webhookb2/secret-path`, text: "hi" } }, ctx);
    expect(result.output).toEqual({
      dry_run: true,
      request: {
        method: "POST",
        url: `${receiver.url}/redacted`,
        headers: { "Content-Type": "application/json", "Idempotency-Key": `${ctx.executionId}:notify` },
        body: { "@type": "MessageCard", "@context": "https://schema.org/extensions", text: "hi" },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
  });
});
