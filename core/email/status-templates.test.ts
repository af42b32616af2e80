import { describe, expect, it } from "vitest";
import { statusAlreadySubscribedMessage, statusSubscriptionConfirmMessage } from "./status-templates.js";

const product = { productName: "Sluice", publicUrl: "https://sluice.example" };

describe("status subscription e-mails", () => {
  it("carries the confirmation and unsubscribe links, and when the confirmation expires", () => {
    const message = statusSubscriptionConfirmMessage({
      ...product,
      confirmLink: "https://sluice.example/status?confirm_subscription=abc",
      unsubscribeLink: "https://sluice.example/status?unsubscribe=def",
      expiresInDays: 7,
    });
    expect(message.subject).toBe("Confirm your subscription to Sluice status updates");
    for (const text of ["https://sluice.example/status?confirm_subscription=abc", "https://sluice.example/status?unsubscribe=def", "expires in 7 days"]) {
      expect(message.text).toContain(text);
    }
    expect(message.html).toContain('href="https://sluice.example/status?confirm_subscription=abc"');
  });

  it("tells an address already subscribed, with only an unsubscribe link to act on", () => {
    const message = statusAlreadySubscribedMessage({ ...product, statusLink: "https://sluice.example/status", unsubscribeLink: "https://sluice.example/status?unsubscribe=ghi" });
    expect(message.text).toContain("It is already subscribed");
    expect(message.text).toContain("https://sluice.example/status?unsubscribe=ghi");
    expect(message.text).not.toContain("confirm_subscription");
  });
});
