// Verifying a webhook in a receiver (any framework): the raw body, the headers, the endpoint's secret.
import { verifyWebhook, WebhookVerificationError } from "../src/index.js";

export async function handleWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, secret: string): Promise<number> {
  try {
    const event = await verifyWebhook<{ type: string; data: unknown }>({ payload: rawBody, headers, secret });
    console.log("received", event.type);
    return 200;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return 400;
    throw error;
  }
}
