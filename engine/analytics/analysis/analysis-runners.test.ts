import { describe, expect, it } from "vitest";
import { ANALYSES } from "../../../core/contracts/analysis-types.js";
import { ANALYSIS_RUNNERS, runnersFor } from "./analysis-runners.js";

describe("ANALYSIS_RUNNERS", () => {
  it("has a runner for every registered analysis and none for a type the registry lacks", () => {
    expect(Object.keys(ANALYSIS_RUNNERS)).toEqual(ANALYSES.map((analysis) => analysis.type));
  });

  it("runs one analysis, or for auto every one in the registry's order", () => {
    expect(runnersFor("forecast")).toEqual([ANALYSIS_RUNNERS.forecast]);
    expect(runnersFor("auto")).toEqual(ANALYSES.map((analysis) => ANALYSIS_RUNNERS[analysis.type]));
  });
});
