import { describe, expect, it } from "vitest";
import { linkActionOf, successFlagOf, withoutStatusFlags } from "./status-flags";

describe("status page query flags", () => {
  it("recognises the success flags only when equal to true", () => {
    expect(successFlagOf(new URLSearchParams("subscription_success=true"))).toBe("subscription");
    expect(successFlagOf(new URLSearchParams("payment_success=true"))).toBe("payment");
    expect(successFlagOf(new URLSearchParams("success=true"))).toBe("payment");
    expect(successFlagOf(new URLSearchParams("success=false&subscription_success=1"))).toBeNull();
  });

  it("reads a confirmation or unsubscribe link's token", () => {
    expect(linkActionOf(new URLSearchParams("confirm_subscription=abc"))).toEqual({ kind: "confirm", token: "abc" });
    expect(linkActionOf(new URLSearchParams("unsubscribe=xyz"))).toEqual({ kind: "unsubscribe", token: "xyz" });
    expect(linkActionOf(new URLSearchParams("unsubscribe="))).toBeNull();
  });

  it("removes the flags and tokens and keeps other parameters", () => {
    const params = new URLSearchParams("success=true&payment_success=true&subscription_success=true&confirm_subscription=a&unsubscribe=b&ref=mail");
    expect(withoutStatusFlags(params).toString()).toBe("ref=mail");
  });
});
