import { describe, expect, it } from "vitest";
import { generateHookSecret, HOOK_SECRET_PATTERN, hookSecretMatches, hookUrl } from "./hook-secret.js";

describe("hook secrets", () => {
  it("are 32 random bytes in base64url", () => {
    const secret = generateHookSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The format the inbound route checks before any query.
    expect(HOOK_SECRET_PATTERN.test(secret)).toBe(true);
    expect(Buffer.from(secret, "base64url")).toHaveLength(32);
    expect(generateHookSecret()).not.toBe(secret);
  });

  it("match only the stored secret, and never when there is none", () => {
    const secret = generateHookSecret();
    expect(hookSecretMatches(secret, secret)).toBe(true);
    expect(hookSecretMatches(`${secret}x`, secret)).toBe(false);
    expect(hookSecretMatches("", secret)).toBe(false);
    expect(hookSecretMatches(secret, undefined)).toBe(false);
  });

  it("build the webhook URL under the public URL", () => {
    expect(hookUrl("https://api.example.com/", "wf_1", "s3cret")).toBe("https://api.example.com/hooks/wf_1/s3cret");
    expect(hookUrl("https://example.com/sluice", "wf_1", "s3cret")).toBe("https://example.com/sluice/hooks/wf_1/s3cret");
  });
});
