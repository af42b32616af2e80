import { describe, expect, it } from "vitest";
import type { TimeGrain } from "../../../core/contracts/analytics.js";
import { chooseGrain, type GrainCalendar } from "./choose-grain.js";
import { AnalysisInputError } from "./data-source.js";

const MINUTE = 60_000;
const PERIOD_MS: Record<TimeGrain, number> = { minute: MINUTE, hour: 60 * MINUTE, day: 1_440 * MINUTE, week: 7 * 1_440 * MINUTE, month: 30.44 * 1_440 * MINUTE, quarter: 91.31 * 1_440 * MINUTE, year: 365.25 * 1_440 * MINUTE };

/** The calendars of timestamps every `stepMs` over `spanMs` (approximate for months and longer). */
function calendarsOf(spanMs: number, stepMs: number): GrainCalendar[] {
  const stamps = Math.floor(spanMs / stepMs) + 1;
  return (Object.keys(PERIOD_MS) as TimeGrain[]).map((grain) => {
    const periods = Math.floor(spanMs / PERIOD_MS[grain]) + 1;
    return { grain, periods, filled: Math.min(periods, stamps) };
  });
}

describe("choosing the time grain from span and density", () => {
  it("reads per-minute events over two years by day, and 69 days of them by hour, saying they were aggregated", () => {
    const twoYears = chooseGrain(calendarsOf(730 * 1_440 * MINUTE, MINUTE), undefined);
    expect(twoYears).toMatchObject({ grain: "day", chosen: "inferred" });
    expect(twoYears.ambiguity).toContain("by hour the series would have 17,521 periods, more than the limit of 10,000");
    expect(chooseGrain(calendarsOf(69 * 1_440 * MINUTE, MINUTE), undefined).grain).toBe("hour");
  });

  it("keeps daily data daily and monthly data monthly, without a warning", () => {
    const daily = chooseGrain(calendarsOf(59 * 1_440 * MINUTE, 1_440 * MINUTE), undefined);
    expect(daily).toMatchObject({ grain: "day", ambiguity: null });
    expect(chooseGrain(calendarsOf(143 * PERIOD_MS.month, PERIOD_MS.month), undefined).grain).toBe("month");
  });

  it("warns when most but not clearly most periods have rows", () => {
    const weekdays: GrainCalendar[] = [
      { grain: "hour", periods: 1_400, filled: 60 },
      { grain: "day", periods: 84, filled: 50 },
      { grain: "week", periods: 12, filled: 12 },
    ];
    const choice = chooseGrain(weekdays, undefined);
    expect(choice.grain).toBe("day");
    expect(choice.ambiguity).toBe("the time grain day was a close call: only 50 of its 84 periods have rows; set time_grain to choose");
  });

  it("honours a requested grain, and refuses one with too many periods or finer than the data, naming the finest acceptable", () => {
    const perMinute = calendarsOf(730 * 1_440 * MINUTE, MINUTE);
    expect(chooseGrain(perMinute, "week")).toMatchObject({ grain: "week", chosen: "requested" });
    expect(() => chooseGrain(perMinute, "hour")).toThrow(new AnalysisInputError('time_grain "hour" gives 17,521 periods, more than the limit of 10,000; the finest grain this data allows is "day"', "time_grain"));
    const daily = calendarsOf(59 * 1_440 * MINUTE, 1_440 * MINUTE);
    expect(() => chooseGrain(daily, "hour")).toThrow('time_grain "hour" is finer than the data: only 60 of its 1,417 periods have rows (at least 10 % must); the finest grain this data allows is "day"');
  });
});
