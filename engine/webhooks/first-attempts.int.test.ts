import { describe, expect, it } from "vitest";
import { EngineConfigSchema, parseConfig, readEnvironment } from "../../core/config.js";
import { newId } from "../../core/ids.js";
import { createLogger } from "../../core/logger.js";
import { recordWebhookEvent, type NewWebhookEvent } from "../../core/webhooks/events.js";
import { createAccount } from "../../testing/accounts.js";
import { useTestDatabase } from "../../testing/database.js";
import { useHttpReceiver } from "../../testing/http-receiver.js";
import { useTestQueues } from "../../testing/redis.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { insertWebhookEndpoint } from "../../testing/webhooks.js";
import { deliverWebhook, type DeliveryDeps } from "./deliver-webhook.js";
import { createSucceededAttempts } from "./delivery-records.js";
import { createFirstAttempts } from "./first-attempts.js";

const database = useTestDatabase();
const queues = useTestQueues();
const receiver = useHttpReceiver();
const db = () => database.current.db;
const DAY_MS = 24 * 3_600_000;

const deps = (): DeliveryDeps => ({
  db: db(),
  queues: queues.current,
  logger: createLogger({ level: "silent", name: "test" }),
  config: parseConfig(EngineConfigSchema, { ...readEnvironment(), OUTBOUND_ALLOW_PRIVATE: "true" }),
  succeededAttempts: createSucceededAttempts(db()),
});

/** How an endpoint answers, and how healthy it was before. */
interface Case {
  status: number;
  failingForDays: number | null;
}

/** An account with one endpoint answering as the case says, and the event to record for it. */
async function arrange(shape: Case, statusByEndpoint: Map<string, number>): Promise<{ event: NewWebhookEvent; endpointId: string }> {
  const { id: userId } = await createAccount(db());
  const failingSince = shape.failingForDays === null ? undefined : new Date(Date.now() - shape.failingForDays * DAY_MS);
  const { id: endpointId } = await insertWebhookEndpoint(db(), userId, receiver.current.url, failingSince ? { failingSince } : {});
  statusByEndpoint.set(endpointId, shape.status);
  const event: NewWebhookEvent = { userId, type: "workflow.completed", data: { workflow_id: newId("wf"), execution_id: newId("exec") }, now: new Date(), mode: "live" };
  return { event, endpointId };
}

/** What the attempt left: the delivery, its attempt log and the endpoint's health, without ids and clocks. */
async function outcome(endpointId: string) {
  const delivery = await db().selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpointId).executeTakeFirstOrThrow();
  const attempts = await db().selectFrom("webhook_delivery_attempts").select(["attempt", "response_status", "error"]).where("delivery_id", "=", delivery.id).execute();
  const endpoint = await db().selectFrom("webhook_endpoints").select(["is_active", "failing_since", "disabled_at"]).where("id", "=", endpointId).executeTakeFirstOrThrow();
  return {
    delivery: {
      status: delivery.status,
      attempt: delivery.attempt,
      response_status: delivery.response_status,
      response_body_excerpt: delivery.response_body_excerpt,
      error: delivery.error,
      retries: delivery.next_attempt_at !== null,
    },
    attempts,
    endpoint: { is_active: endpoint.is_active, failing: endpoint.failing_since !== null, disabled: endpoint.disabled_at !== null },
  };
}

describe("a first webhook attempt made in process and one made by a webhook-delivery job", () => {
  it("leave the same delivery, attempt log and endpoint health, whatever the endpoint answers", async () => {
    const random = seededRandom(36);
    const statusByEndpoint = new Map<string, number>();
    receiver.current.respondWith((request, response) => {
      const endpointId = request.path.split("/").pop() ?? "";
      const status = statusByEndpoint.get(endpointId) ?? 200;
      response.writeHead(status, status === 429 ? { "Retry-After": "7" } : { "Content-Type": "text/plain" });
      response.end(`answer ${status}`);
    });
    const shapes: Case[] = Array.from({ length: 16 }, () => ({
      status: random.pick([200, 204, 200, 500, 503, 429, 301, 404]),
      failingForDays: random.pick([null, null, 1, 6]),
    }));
    for (const shape of shapes) {
      // A drained FirstAttempts takes no more: one for each case.
      const firstAttempts = createFirstAttempts(deps());
      const inProcess = await arrange(shape, statusByEndpoint);
      const claims = firstAttempts.reserve(inProcess.event.now);
      const recorded = await recordWebhookEvent(db(), { ...inProcess.event, claimFirstAttempts: claims });
      expect(recorded.claimed).toHaveLength(1);
      firstAttempts.start(claims, recorded.claimed);

      const byJob = await arrange(shape, statusByEndpoint);
      const [deliveryId] = (await recordWebhookEvent(db(), byJob.event)).deliveryIds;
      await deliverWebhook(deps(), deliveryId ?? "", 1);
      await firstAttempts.drain();

      expect({ shape, ...(await outcome(inProcess.endpointId)) }).toEqual({ shape, ...(await outcome(byJob.endpointId)) });
    }
  });
});
