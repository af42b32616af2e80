import type { CleanAction, CleanReportEntry } from "../../../core/contracts/analytics.js";

export type Row = Record<string, unknown>;

/** A row being cleaned, with its position in the input (the row a report entry names). */
export interface WorkingRow {
  index: number;
  values: Row;
}

/** The report keeps its first entries; the summary counts all of them. */
export const MAX_REPORT_ENTRIES = 10_000;

export class CleanReport {
  readonly entries: CleanReportEntry[] = [];
  readonly counts: Record<string, number> = {};
  truncated = false;

  add(entry: CleanReportEntry): void {
    this.counts[entry.action] = (this.counts[entry.action] ?? 0) + 1;
    if (this.entries.length < MAX_REPORT_ENTRIES) this.entries.push(entry);
    else this.truncated = true;
  }

  change(row: number, column: string | null, action: CleanAction, before: unknown, after: unknown, reason: string): void {
    this.add({ row, column, action, before, after, reason });
  }

  /** A finding that leaves the cell as it is (a flag, a decision about the column). */
  note(row: number, column: string, action: CleanAction, value: unknown, reason: string): void {
    this.add({ row, column, action, before: value, after: value, reason });
  }
}
