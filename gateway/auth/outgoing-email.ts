import type { Database } from "../../core/db/client.js";
import { queueEmail } from "../../core/email/outbox.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { EmailMessage } from "../../core/email/templates.js";
import type { AuthDeps } from "./auth-deps.js";

/** The product name and public URL every template needs, from the configuration. */
export function brand(deps: AuthDeps) {
  return { productName: deps.config.PRODUCT_NAME, publicUrl: deps.config.PUBLIC_URL };
}

export function link(deps: AuthDeps, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, deps.config.PUBLIC_URL);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Writes the e-mail into the outbox inside the caller's transaction (so it commits with the
 * token it carries) and returns a function that enqueues delivery once the transaction commits.
 */
export async function stageEmail(deps: AuthDeps, trx: Database, to: string, template: string, message: EmailMessage): Promise<() => Promise<void>> {
  const id = await queueEmail(trx, { to, template, ...message });
  return () => sendQueuedEmail(deps.queues, id, deps.logger);
}
