import { describe, expect, it } from "vitest";
import { layoutChart } from "./stream-chart";

const box = { width: 200, height: 120, left: 40, padding: 10 };
const anomaly = (sequence: number, value: number) => ({ event_id: `e-${sequence}`, field: "v", sequence, value, score: 9, detected_at: "2026-11-25T10:00:00.000Z" });

describe("layoutChart", () => {
  it("spreads the values across the plot, highest at the top, and numbers them up to the field's count", () => {
    const chart = layoutChart([1, 3, 2], 10, [], box);
    expect(chart.points.map((p) => p.sequence)).toEqual([8, 9, 10]);
    expect(chart.points.map((p) => p.x)).toEqual([40, 115, 190]);
    expect(chart.points.map((p) => p.y)).toEqual([110, 10, 60]);
    expect(chart.path).toBe("M40.0,110.0 L115.0,10.0 L190.0,60.0");
    expect(chart.ticks.map((t) => t.label)).toEqual(["3", "2", "1"]);
    expect({ first: chart.first, last: chart.last }).toEqual({ first: 8, last: 10 });
  });

  it("marks exactly the anomalies whose sequence is among the values shown", () => {
    const chart = layoutChart([5, 5, 50, 5], 4, [anomaly(3, 50), anomaly(9, 70)], box);
    expect(chart.points.filter((p) => p.anomaly).map((p) => [p.sequence, p.value])).toEqual([[3, 50]]);
  });

  it("draws a flat series and a single value mid-height", () => {
    expect(layoutChart([7, 7], 2, [], box).points.map((p) => p.y)).toEqual([60, 60]);
    const single = layoutChart([7], 1, [], box);
    expect(single.points).toMatchObject([{ x: 115, y: 60 }]);
    expect(single.path).toBe("");
    expect(single.ticks).toEqual([{ y: 60, label: "7" }]);
  });
});
