import { describe, expect, it } from "vitest";
import { serializeAttemptHistory } from "./attempt-history.js";

const start = "2026-11-21T10:00:00.000Z";
const step = (status: string, attempt_history: unknown, attempts = 1) => ({ status, attempts, attempt_history, started_at: new Date(start), finished_at: new Date("2026-11-21T10:00:00.040Z") });

describe("serializeAttemptHistory", () => {
  it("shows an entry its attempt has not ended as running while the step runs, cancelled when the cancel cut it short", () => {
    expect(serializeAttemptHistory(step("running", [{ attempt: 1, started_at: start }]))).toEqual([{ attempt: 1, started_at: start, duration_ms: null, outcome: "running" }]);
    expect(serializeAttemptHistory(step("cancelled", [{ attempt: 1, started_at: start }]))[0]?.outcome).toBe("cancelled");
  });

  it("shows an unended entry followed by another as interrupted (its engine stopped)", () => {
    const history = [
      { attempt: 1, started_at: start },
      { attempt: 2, started_at: start, duration_ms: 12, outcome: "dry_run" },
    ];
    expect(serializeAttemptHistory(step("completed", history, 2)).map((entry) => entry.outcome)).toEqual(["interrupted", "dry_run"]);
  });

  it("reads a step without history as its row: one succeeded attempt if it completed in memory, none if it never ran", () => {
    expect(serializeAttemptHistory(step("completed", null))).toEqual([{ attempt: 1, started_at: start, duration_ms: 40, outcome: "succeeded" }]);
    expect(serializeAttemptHistory({ ...step("skipped", null, 0), started_at: null, finished_at: null })).toEqual([]);
    // Written before histories existed, after retries: its attempts cannot be told apart.
    expect(serializeAttemptHistory(step("completed", null, 3))).toEqual([]);
  });

  it("shows nothing rather than failing on a history it cannot read", () => {
    expect(serializeAttemptHistory(step("completed", [{ attempt: "one" }]))).toEqual([]);
  });
});
