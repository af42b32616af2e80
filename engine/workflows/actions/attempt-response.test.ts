import { describe, expect, it } from "vitest";
import { excerptResponse, utf8Prefix } from "./attempt-response.js";

describe("utf8Prefix", () => {
  it("keeps a text that fits, whole", () => {
    expect(utf8Prefix("héllo", 6)).toBe("héllo");
    expect(utf8Prefix("", 4)).toBe("");
  });

  it("cuts at a character boundary, never inside a character of two, three or four bytes", () => {
    expect(utf8Prefix("aé", 2)).toBe("a");
    expect(utf8Prefix("a€b", 3)).toBe("a");
    expect(utf8Prefix("a€b", 4)).toBe("a€");
    expect(utf8Prefix("ab😀c", 5)).toBe("ab");
    expect(utf8Prefix("ab😀c", 6)).toBe("ab😀");
    // The first units of a long text hold the prefix, even when they end in half a surrogate pair.
    expect(utf8Prefix(`${"a".repeat(3)}😀${"b".repeat(10)}`, 4)).toBe("aaa");
  });
});

describe("excerptResponse", () => {
  it("keeps the allow-listed headers whatever their case, and no cookie or credential", () => {
    const response = excerptResponse({
      status: 429,
      headers: { "Content-Type": "text/plain", "Retry-After": "30", "X-Request-Id": "r-1", "Set-Cookie": "s=1", Authorization: "Bearer x", "WWW-Authenticate": "Basic" },
      body: "slow down",
      truncated: false,
      durationMs: 4,
    });
    expect(response).toEqual({ status: 429, headers: { "content-type": "text/plain", "retry-after": "30", "x-request-id": "r-1" }, body_excerpt: "slow down", body_truncated: false });
  });

  it("marks the body truncated when the transport already cut it, even if the excerpt holds all it got", () => {
    expect(excerptResponse({ status: 200, headers: {}, body: "partial", truncated: true, durationMs: 1 }).body_truncated).toBe(true);
  });
});
