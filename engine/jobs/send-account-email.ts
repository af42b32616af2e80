import { stageAccountEmail } from "../../core/auth/account-emails.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { JobPayload } from "../../core/jobs.js";
import type { EngineContext } from "../worker-definition.js";

/**
 * The `account-email` queue's processor: looks up the account behind an address that asked for
 * a reset or confirmation link and, when it gets one, writes it into the outbox and enqueues its
 * delivery. Off the request path, so the request answers alike for every address.
 */
export async function processAccountEmailJob(payload: JobPayload<"account-email">, context: Pick<EngineContext, "db" | "queues" | "config" | "logger">) {
  const product = { productName: context.config.PRODUCT_NAME, publicUrl: context.config.PUBLIC_URL };
  const outboxId = await stageAccountEmail(context.db, product, payload);
  if (outboxId) await sendQueuedEmail(context.queues, outboxId, context.logger);
  // Whether an e-mail went out stays unsaid: job results are kept in Redis, and it would say whether the address has an account.
  return { kind: payload.kind };
}
