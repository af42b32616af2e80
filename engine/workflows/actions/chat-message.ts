import type { z } from "zod";
import { type chatMessageAction, type CHAT_PROVIDERS } from "../../../core/contracts/actions/chat-message.js";
import { ActionFailure, type ActionContext } from "./action-context.js";
import { dryRunOutput, redactWebhookUrl, type DryRunOutput } from "./dry-run.js";
import { sendStepRequest, stepIdempotencyKey } from "./step-request.js";

export type ChatMessageConfig = z.output<typeof chatMessageAction.config>;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

/** Discord refuses message content longer than this (characters). */
export const DISCORD_MAX_CONTENT = 2_000;

const PROVIDER_NAMES: Record<ChatProvider, string> = { slack: "Slack", discord: "Discord", teams: "Microsoft Teams", generic: "The chat webhook" };

export interface ChatMessageOutput {
  status: number;
  provider: ChatProvider;
}

/**
 * The JSON body each provider's incoming webhook expects:
 * - slack: `{text}`; generic: `{text}`;
 * - discord: `{content}`, at most 2,000 characters (a longer text fails the step, not retryable);
 * - teams: an Office 365 connector MessageCard.
 */
export function chatPayload(provider: ChatProvider, text: string): Record<string, unknown> {
  switch (provider) {
    case "slack":
    case "generic":
      return { text };
    case "discord": {
      const length = [...text].length;
      if (length > DISCORD_MAX_CONTENT) {
        throw new ActionFailure(
          "ACTION_FAILED",
          `Discord messages are limited to ${DISCORD_MAX_CONTENT.toLocaleString("en-US")} characters; this one has ${length.toLocaleString("en-US")}`,
          { retryable: false },
        );
      }
      return { content: text };
    }
    case "teams":
      return { "@type": "MessageCard", "@context": "https://schema.org/extensions", text };
  }
}

/**
 * The chat_message step: POSTs the provider's format to its incoming-webhook URL, with the same
 * failure rules as http_request (a provider's 429 with Retry-After is retried after that wait).
 * In test mode nothing is sent; the output shows the request with the webhook URL's secret
 * path redacted.
 */
export async function runChatMessage(config: ChatMessageConfig, context: ActionContext): Promise<ChatMessageOutput | DryRunOutput> {
  const payload = chatPayload(config.provider, config.text);
  const headers = { "Content-Type": "application/json", "Idempotency-Key": stepIdempotencyKey(context) };
  if (context.mode === "test") {
    return dryRunOutput({ method: "POST", url: redactWebhookUrl(config.webhook_url), headers, body: payload });
  }
  const response = await sendStepRequest(
    { url: config.webhook_url, method: "POST", headers, body: JSON.stringify(payload) },
    context,
    PROVIDER_NAMES[config.provider],
  );
  return { status: response.status, provider: config.provider };
}
