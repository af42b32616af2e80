import { describe, expect, it } from "vitest";
import { scheduleProblems } from "./workflow-service.js";

const schedule = (cron: string, timezone = "UTC") => ({ type: "schedule" as const, config: { cron, timezone } });

describe("scheduleProblems", () => {
  it("accepts a valid cron in a real time zone, and triggers without a schedule", () => {
    expect(scheduleProblems(schedule("0 9 * * 1-5", "Europe/Berlin"))).toEqual([]);
    expect(scheduleProblems(schedule("*/15 * * * *"))).toEqual([]);
    expect(scheduleProblems({ type: "webhook", config: {} })).toEqual([]);
  });

  it("names the cron field for a bad expression", () => {
    for (const cron of ["61 * * * *", "every morning", "* * *"]) {
      expect(scheduleProblems(schedule(cron)).map((d) => d.field), cron).toEqual(["trigger.config.cron"]);
    }
  });

  it("names the timezone field for an unknown zone", () => {
    expect(scheduleProblems(schedule("0 9 * * *", "Mars/Olympus"))).toEqual([{ field: "trigger.config.timezone", message: 'Unknown time zone "Mars/Olympus"' }]);
  });
});
