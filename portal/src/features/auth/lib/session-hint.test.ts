import { describe, expect, it } from "vitest";
import { parseSessionHint } from "./session-hint";

describe("parseSessionHint", () => {
  it("reads a stored note", () => {
    const raw = JSON.stringify({ user_id: "usr_1", access_expires_at: "2026-03-01T12:15:00.000Z" });
    expect(parseSessionHint(raw)).toEqual({ user_id: "usr_1", access_expires_at: "2026-03-01T12:15:00.000Z" });
  });

  it("answers null for a missing, malformed or foreign value", () => {
    expect(parseSessionHint(null)).toBeNull();
    expect(parseSessionHint("{not json")).toBeNull();
    expect(parseSessionHint(JSON.stringify({ user_id: 42 }))).toBeNull();
  });
});
