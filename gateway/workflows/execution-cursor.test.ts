import { describe, expect, it } from "vitest";
import { decodeExecutionCursor, encodeExecutionCursor } from "./execution-cursor.js";

const position = { queuedAt: "2026-11-28T04:03:56.123456Z", id: "exec_1AbCdEfGhJkLmNpQrStUvW" };

describe("execution cursors", () => {
  it("read back the position they were written from", () => {
    const cursor = encodeExecutionCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeExecutionCursor(cursor)).toEqual(position);
  });

  it.each([
    ["empty", ""],
    ["not base64url", "a+b/c="],
    ["another kind of id", encodeExecutionCursor({ ...position, id: "wf_1AbCdEfGhJkLmNpQrStUvW" })],
    ["a date without microseconds", encodeExecutionCursor({ ...position, queuedAt: "2026-11-28T04:03:56.123Z" })],
    ["an impossible date", encodeExecutionCursor({ ...position, queuedAt: "2026-13-45T04:03:56.123456Z" })],
    ["a day that does not exist", encodeExecutionCursor({ ...position, queuedAt: "2026-02-30T04:03:56.123456Z" })],
    ["extra parts", Buffer.from(`${position.queuedAt} ${position.id} x`).toString("base64url")],
    ["too long", "A".repeat(201)],
  ])("refuse %s", (_, value) => {
    expect(decodeExecutionCursor(value)).toBeUndefined();
  });
});
