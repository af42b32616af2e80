import { describe, expect, it } from "vitest";
import { scheduleProblems } from "./workflow-service.js";

const schedule = (cron: string, timezone = "UTC") => ({ type: "schedule" as const, config: { cron, timezone } });
const free = { seconds: 900, plan: "Free" };
const professional = { seconds: 60, plan: "Professional 100K" };
const now = new Date("2026-11-28T04:00:00.000Z");

describe("scheduleProblems", () => {
  it("accepts a valid cron in a real time zone, and triggers without a schedule", () => {
    expect(scheduleProblems(schedule("0 9 * * 1-5", "Europe/Berlin"), free, now)).toEqual([]);
    expect(scheduleProblems(schedule("*/15 * * * *"), free, now)).toEqual([]);
    expect(scheduleProblems({ type: "webhook", config: {} }, free, now)).toEqual([]);
  });

  it("names the cron field for a bad expression", () => {
    for (const cron of ["61 * * * *", "every morning", "* * *"]) {
      expect(scheduleProblems(schedule(cron), free, now).map((d) => d.field), cron).toEqual(["trigger.config.cron"]);
    }
  });

  it("names the timezone field for an unknown zone", () => {
    expect(scheduleProblems(schedule("0 9 * * *", "Mars/Olympus"), free, now)).toEqual([{ field: "trigger.config.timezone", message: 'Unknown time zone "Mars/Olympus"' }]);
  });

  it("refuses a cron firing more often than the plan's minimum, naming the gap and the plan", () => {
    expect(scheduleProblems(schedule("*/5 * * * *"), free, now)).toEqual([
      { field: "trigger.config.cron", message: "The cron fires 5 minutes apart (at 2026-11-28T04:10:00.000Z); the Free plan allows a schedule at most every 15 minutes" },
    ]);
    expect(scheduleProblems(schedule("*/5 * * * *"), professional, now)).toEqual([]);
    expect(scheduleProblems(schedule("* * * * *"), professional, now)).toEqual([]);
  });

  it("measures the shortest gap, not the usual one: two fires close together in an hour count", () => {
    expect(scheduleProblems(schedule("0,10 9 * * *"), free, now).map((d) => d.message)).toEqual([expect.stringContaining("fires 10 minutes apart")]);
  });

  it("reads six-field crons with seconds first and holds them to the same minimum", () => {
    expect(scheduleProblems(schedule("* * * * * *"), professional, now).map((d) => d.message)).toEqual([expect.stringContaining("fires 1 second apart")]);
    expect(scheduleProblems(schedule("0,30 * * * * *"), professional, now).map((d) => d.message)).toEqual([expect.stringContaining("fires 30 seconds apart")]);
    expect(scheduleProblems(schedule("30 * * * * *"), professional, now)).toEqual([]);
    expect(scheduleProblems(schedule("0 */15 * * * *"), free, now)).toEqual([]);
  });

  it("finds the gap a clock change shortens in the schedule's time zone", () => {
    // 1:10, 1:55, 3:10, 3:55 every night: 75 minutes from 1:55 to 3:10, but 15 on the night New
    // York's clocks go from 2:00 to 3:00 (2027-03-14), so a 30-minute minimum refuses it there only.
    const nightly = schedule("10,55 1,3 * * *", "America/New_York");
    const halfHour = { seconds: 1_800, plan: "Test" };
    expect(scheduleProblems(nightly, halfHour, now)).toEqual([
      { field: "trigger.config.cron", message: "The cron fires 15 minutes apart (at 2027-03-14T07:10:00.000Z); the Test plan allows a schedule at most every 30 minutes" },
    ]);
    expect(scheduleProblems({ ...nightly, config: { ...nightly.config, timezone: "Asia/Tokyo" } }, halfHour, now)).toEqual([]);
    expect(scheduleProblems(nightly, free, now)).toEqual([]);
  });
});
