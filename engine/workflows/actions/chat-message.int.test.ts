import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../testing/database.js";
import { useHttpReceiver } from "../../../testing/http-receiver.js";
import { useTestQueues } from "../../../testing/redis.js";
import type { ActionContext } from "./action-context.js";
import { runAction } from "./action-runners.js";
import { actionFailureOf, testActionContext, testEngineConfig } from "../../../testing/action-context.js";

const database = useTestDatabase();
const queues = useTestQueues();
const receiver = useHttpReceiver((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/plain" });
  response.end("ok");
});

const context = (overrides: Partial<ActionContext> = {}) => testActionContext({ db: database.current.db, queues: queues.current }, overrides);

describe("chat_message action", () => {
  it("posts Slack's {text} byte for byte with the step's Idempotency-Key", async () => {
    const ctx = context({ stepName: "tell_team" });
    const result = await runAction(
      { type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.current.url}/services/T0/B0/xyz`, text: 'Order #42 paid: "5 €"\nThanks' } },
      ctx,
    );
    const [request] = await receiver.current.waitForRequests(1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/services/T0/B0/xyz");
    expect(request?.body).toBe('{"text":"Order #42 paid: \\"5 €\\"\\nThanks"}');
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["idempotency-key"]).toBe(`${ctx.executionId}:tell_team`);
    expect(result.output).toEqual({ status: 200, provider: "slack" });
  });

  it("posts Discord's {content} and Teams' MessageCard", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const discord = await runAction({ type: "chat_message", config: { provider: "discord", webhook_url: `${receiver.current.url}/api/webhooks/1/abc`, text: "hi" } }, context());
    const teams = await runAction({ type: "chat_message", config: { provider: "teams", webhook_url: `${receiver.current.url}/webhookb2/x`, text: "hi" } }, context());
    const generic = await runAction({ type: "chat_message", config: { provider: "generic", webhook_url: `${receiver.current.url}/hook`, text: "hi" } }, context());
    const requests = await receiver.current.waitForRequests(3);
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
    receiver.current.respondWith((_request, response) => {
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "2" });
      response.end('{"message":"You are being rate limited.","retry_after":1.5,"global":false}');
    });
    const failure = await actionFailureOf(runAction({ type: "chat_message", config: { provider: "discord", webhook_url: `${receiver.current.url}/api/webhooks/1/abc`, text: "hi" } }, context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: true, retryAfterMs: 2_000, message: "Discord answered HTTP 429" });
  });

  it("fails a provider's 400 for good", async () => {
    receiver.current.respondWith((_request, response) => {
      response.writeHead(400);
      response.end("invalid_payload");
    });
    const failure = await actionFailureOf(runAction({ type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.current.url}/services/x`, text: "hi" } }, context()));
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: false, message: "Slack answered HTTP 400" });
  });

  it("sends nothing for a Discord message over 2,000 characters", async () => {
    const failure = await actionFailureOf(
      runAction({ type: "chat_message", config: { provider: "discord", webhook_url: `${receiver.current.url}/api/webhooks/1/abc`, text: "x".repeat(2_001) } }, context()),
    );
    expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining("2,000 characters") });
    expect(receiver.current.received).toHaveLength(0);
  });

  it("refuses a private webhook URL when private addresses are not allowed", async () => {
    const failure = await actionFailureOf(
      runAction(
        { type: "chat_message", config: { provider: "slack", webhook_url: `${receiver.current.url}/services/x`, text: "hi" } },
        context({ config: testEngineConfig({ OUTBOUND_ALLOW_PRIVATE: "false" }) }),
      ),
    );
    expect(failure).toMatchObject({ code: "BLOCKED_DESTINATION", retryable: false });
    expect(receiver.current.received).toHaveLength(0);
  });

  it("sends nothing in test mode and records the message with the webhook URL's secret path redacted", async () => {
    const ctx = context({ mode: "test" });
    const result = await runAction({ type: "chat_message", config: { provider: "teams", webhook_url: `${receiver.current.url}/webhookb2/secret-path`, text: "hi" } }, ctx);
    expect(result.output).toEqual({
      dry_run: true,
      request: {
        method: "POST",
        url: `${receiver.current.url}/redacted`,
        headers: { "Content-Type": "application/json", "Idempotency-Key": `${ctx.executionId}:notify` },
        body: { "@type": "MessageCard", "@context": "https://schema.org/extensions", text: "hi" },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.current.received).toHaveLength(0);
  });
});
