import type { KeyMode } from "../core/contracts/api-keys.js";
import type { Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { generateWebhookSecret } from "../core/webhooks/signing.js";

export interface TestEndpointOptions {
  secret?: string;
  previousSecret?: string;
  previousSecretExpiresAt?: Date;
  failingSince?: Date;
  events?: string[];
  mode?: KeyMode;
  /** Its id: ids made in one millisecond sort at random, so a test that needs an order gives them. */
  id?: string;
}

/**
 * A webhook endpoint written straight to the database, at `${baseUrl}/hooks/<its id>`: live,
 * every event and a fresh secret unless `options` says otherwise.
 */
export async function insertWebhookEndpoint(db: Database, userId: string, baseUrl: string, options: TestEndpointOptions = {}): Promise<{ id: string; secret: string }> {
  const secret = options.secret ?? generateWebhookSecret();
  const id = options.id ?? newId("whe");
  await db
    .insertInto("webhook_endpoints")
    .values({
      id,
      user_id: userId,
      mode: options.mode ?? "live",
      url: `${baseUrl}/hooks/${id}`,
      events: options.events ?? ["*"],
      secret,
      previous_secret: options.previousSecret ?? null,
      previous_secret_expires_at: options.previousSecretExpiresAt ?? null,
      failing_since: options.failingSince ?? null,
    })
    .execute();
  return { id, secret };
}
