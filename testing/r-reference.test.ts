import { describe, expect, it } from "vitest";
import { numbers, rDataFrame, rTimeSeries, rowsOf, runR, vector } from "./r-reference.js";

describe("the R reference harness", () => {
  it("reads back named vectors with NA as null and doubles exactly", async () => {
    const vectors = await runR(`emit("third", 1/3); emit("gaps", c(1, NA, 3)); emit("empty", numeric(0))`);
    expect(numbers(vectors, "third")).toEqual([1 / 3]);
    expect(vector(vectors, "gaps")).toEqual([1, null, 3]);
    expect(vector(vectors, "empty")).toEqual([]);
    expect(() => vector(vectors, "missing")).toThrow(/no vector named missing/);
  });

  it("fails with R's message when the code is wrong", async () => {
    await expect(runR("stop('broken on purpose')")).rejects.toThrow(/broken on purpose/);
  });

  it("gives R's monthly series with their dates", async () => {
    const series = await rTimeSeries("AirPassengers");
    expect(series.values).toHaveLength(144);
    expect(series.dates[0]).toBe("1949-01-01");
    expect(series.dates.at(-1)).toBe("1960-12-01");
    expect(series.values.slice(0, 3)).toEqual([112, 118, 132]);
  });

  it("gives R's data frames with their NAs", async () => {
    const airquality = await rDataFrame("airquality");
    expect(Object.keys(airquality)).toEqual(["Ozone", "Solar.R", "Wind", "Temp", "Month", "Day"]);
    const rows = rowsOf(airquality);
    expect(rows).toHaveLength(153);
    expect(rows[4]).toEqual({ Ozone: null, "Solar.R": null, Wind: 14.3, Temp: 56, Month: 5, Day: 5 });
  });
});
