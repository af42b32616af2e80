import { describe, expect, it } from "vitest";
import { ANALYSES, ANALYSIS_TYPES } from "./analysis-types.js";
import { AnalyzeOptionsSchema, AnalyzeRequestSchema } from "./analytics.js";

describe("the analysis registry", () => {
  it.each(ANALYSES.map((analysis) => [analysis.type, analysis] as const))("documents %s with an example request that parses", (type, analysis) => {
    expect(analysis.description.length).toBeGreaterThan(10);
    expect(AnalyzeRequestSchema.safeParse({ ...analysis.example, analysis: type }).error).toBeUndefined();
    for (const option of analysis.options) expect(Object.keys(AnalyzeOptionsSchema.shape)).toContain(option);
  });

  it("accepts each type once, then auto, and refuses others naming them all", () => {
    expect(ANALYSIS_TYPES).toEqual([...new Set([...ANALYSES.map((analysis) => analysis.type), "auto"])]);
    const parsed = AnalyzeRequestSchema.safeParse({ dataset: [{ a: 1 }], analysis: "astrology" });
    expect(parsed.error?.issues[0]?.message).toBe(`analysis must be one of: ${ANALYSIS_TYPES.join(", ")}`);
  });
});
