import type { AnalysisResult, AnalyzeRequest } from "../../../core/contracts/analytics.js";
import type { Series } from "./load-series.js";
import type { Matrix } from "./numeric-columns.js";

/** Runs one part of a result; in auto mode a part that does not apply becomes a note instead of a failure. */
export type AttemptPart = <T>(part: string, work: () => T | Promise<T>) => Promise<T | undefined>;

export interface PartContext {
  request: AnalyzeRequest;
  /** The result being assembled; a runner adds its parts (and their charts) to it. */
  result: AnalysisResult;
  attempt: AttemptPart;
}

/**
 * How one analysis type of core/contracts/analysis-types.ts is run. analyze.ts loads what the
 * requested analyses read once for all of them (the series over time, the column statistics, the
 * numeric matrix) and hands it to each runner in the registry's order.
 */
export type AnalysisRunner =
  /** Reads the column statistics, and the series when the data has a time column; adds nothing of its own. */
  | { reads: "columns" }
  | {
      reads: "series";
      /** The result parts it adds, as a note names them when auto mode finds no time series. */
      parts: readonly string[];
      run: (series: Series, context: PartContext) => Promise<void>;
    }
  | {
      reads: "matrix";
      /** Its result carries the column statistics too (and only columns that vary are read). */
      statistics: boolean;
      /** The result parts it adds, as a note names them when auto mode finds too few numeric columns. */
      parts: readonly string[];
      run: (matrix: Matrix, context: PartContext) => Promise<void>;
    };
