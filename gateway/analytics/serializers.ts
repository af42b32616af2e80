import { ANALYSIS_TYPES } from "../../core/contracts/analysis-types.js";
import { AnalysisErrorSchema, AnalysisResultSchema, CleanResultSchema, type Analysis } from "../../core/contracts/analytics.js";
import type { AnalysisRow } from "./analysis-queries.js";

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The public shape of an analyses row: status, and once completed the result's fields at the top level. */
export function serializeAnalysis(row: AnalysisRow): Analysis {
  const error = AnalysisErrorSchema.safeParse(row.error);
  const base: Analysis = {
    analysis_id: row.id,
    status: row.status === "running" || row.status === "completed" || row.status === "failed" ? row.status : "queued",
    analysis: kindOf(row.analysis),
    dataset_id: row.dataset_id,
    created_at: isoOf(row.created_at) ?? "",
    completed_at: isoOf(row.completed_at),
    processing_time_ms: row.processing_time_ms,
    error: error.success ? error.data : null,
  };
  if (base.status !== "completed" || row.result === null) return base;
  const result = base.analysis === "clean" ? CleanResultSchema.safeParse(row.result) : AnalysisResultSchema.safeParse(row.result);
  return result.success ? { ...base, ...result.data } : base;
}

const KINDS: ReadonlyArray<Analysis["analysis"]> = [...ANALYSIS_TYPES, "clean"];

function kindOf(value: string): Analysis["analysis"] {
  return KINDS.find((kind) => kind === value) ?? "auto";
}
