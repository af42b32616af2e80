import { productLink, stageAccountEmail, type AccountEmailRequest, type Product } from "../../core/auth/account-emails.js";
import type { Database } from "../../core/db/client.js";
import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { EmailMessage } from "../../core/email/templates.js";
import { enqueue, withinEnqueueWait } from "../../core/queues.js";
import type { AuthDeps } from "./auth-deps.js";

/** The product name and public URL every template needs, from the configuration. */
export function brand(deps: AuthDeps): Product {
  return { productName: deps.config.PRODUCT_NAME, publicUrl: deps.config.PUBLIC_URL };
}

export function link(deps: AuthDeps, path: string, query: Record<string, string> = {}): string {
  return productLink(brand(deps), path, query);
}

/**
 * Writes the e-mail into the outbox inside the caller's transaction (so it commits with the
 * token it carries) and returns a function that enqueues delivery once the transaction commits.
 */
export async function stageEmail(deps: AuthDeps, trx: Database, to: string, template: string, message: EmailMessage): Promise<() => Promise<void>> {
  const id = await queueEmail(trx, { to, template, ...message });
  return () => sendQueuedEmail(deps.queues, id, deps.logger);
}

/**
 * Asks for a reset or confirmation link to an address: queues the question for the engine
 * (core/auth/account-emails.ts), which looks the account up, so the request does the same work
 * and answers in the same time for every address. While Redis is away the e-mail is staged here
 * instead, so none is lost (the answer then takes as long as the lookup).
 */
export async function requestAccountEmail(deps: AuthDeps, request: AccountEmailRequest): Promise<void> {
  try {
    await withinEnqueueWait(enqueue(deps.queues, "account-email", request));
  } catch (error) {
    deps.logger.warn({ err: error, kind: request.kind }, "could not queue the account e-mail; staging it in the request");
    const outboxId = await stageAccountEmail(deps.db, brand(deps), request);
    if (outboxId) await sendQueuedEmail(deps.queues, outboxId, deps.logger);
  }
}
