import { z } from "zod";
import { requiredText } from "../required-text.js";
import { defineAction } from "./define-action.js";

export const CHAT_PROVIDERS = ["slack", "discord", "teams", "generic"] as const;

export const chatMessageAction = defineAction({
  type: "chat_message",
  component: "ChatMessageAction",
  description: "Posts to a Slack, Discord, Microsoft Teams or generic incoming webhook.",
  config: z
    .object({
      provider: z.enum(CHAT_PROVIDERS),
      /** The provider's incoming-webhook URL. */
      webhook_url: requiredText("webhook_url", 2_048),
      text: requiredText("text", 40_000),
    })
    .strict(),
  example: { provider: "slack", webhook_url: "https://hooks.slack.com/services/T000/B000/XXXX", text: "New order {{trigger.data.order_id}}" },
});
