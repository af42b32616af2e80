import { describe, expect, it } from "vitest";
import { ActionFailure } from "./action-context.js";
import { chatPayload, DISCORD_MAX_CONTENT } from "./chat-message.js";

describe("chat message formats", () => {
  it("sends Slack and generic webhooks {text}", () => {
    expect(chatPayload("slack", "Deploy *done*")).toEqual({ text: "Deploy *done*" });
    expect(chatPayload("generic", "hello")).toEqual({ text: "hello" });
  });

  it("sends Discord {content}", () => {
    expect(chatPayload("discord", "hello")).toEqual({ content: "hello" });
  });

  it("sends Teams an Office 365 connector MessageCard", () => {
    expect(JSON.stringify(chatPayload("teams", "hello"))).toBe('{"@type":"MessageCard","@context":"https://schema.org/extensions","text":"hello"}');
  });

  it("accepts a Discord message of exactly 2,000 characters, counting emoji as one", () => {
    expect(chatPayload("discord", "x".repeat(DISCORD_MAX_CONTENT))).toEqual({ content: "x".repeat(2_000) });
    expect(chatPayload("discord", "🎉".repeat(DISCORD_MAX_CONTENT))).toEqual({ content: "🎉".repeat(2_000) });
  });

  it("fails a longer Discord message for good, saying why", () => {
    let failure: unknown;
    try {
      chatPayload("discord", "x".repeat(2_001));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ActionFailure);
    expect(failure).toMatchObject({ code: "ACTION_FAILED", retryable: false, message: "Discord messages are limited to 2,000 characters; this one has 2,001" });
  });
});
