import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/choice-fields";
import { useRemote } from "../../../hooks/use-remote";
import { saveFile } from "../../../lib/download-file";
import { exportUsageCsv, listUsageDays } from "../api/usage-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { exportMonths } from "../lib/usage-months";
import { MonthTotals } from "./month-totals";
import { ErrorState, LoadingState } from "../../../components/ui/section-states";

/** The dashboard's usage: this month's requests per category, and any of the last 12 months as CSV. */
export function UsageSection() {
  const [months] = useState(() => exportMonths(new Date()));
  const thisMonth = months[0];
  const [month, setMonth] = useState(thisMonth?.value ?? "");
  const [exporting, setExporting] = useState(false);
  const { state, reload } = useRemote(listUsageDays, (error) =>
    toast.error(CONSOLE_MESSAGES.usageFetchFailed, { id: "usage-fetch", description: failureDescription(error) }),
  );

  async function download() {
    setExporting(true);
    try {
      const file = await exportUsageCsv(month);
      saveFile(file.blob, file.fileName);
      toast.success(CONSOLE_MESSAGES.exportDone, { description: file.fileName });
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.exportFailed, { description: failureDescription(error) });
    }
    setExporting(false);
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="usage-totals-heading">
        <h2 id="usage-totals-heading" className="text-lg font-semibold text-slate-900">
          This month{thisMonth ? ` (${thisMonth.label})` : ""}
        </h2>
        <p className="mt-1 text-sm text-slate-600">Requests made with your API keys, per category, counted in UTC days. Today&apos;s count is live.</p>
        <div className="mt-4">
          {state.status === "loading" && <LoadingState label="Loading usage..." rows={1} />}
          {state.status === "error" && <ErrorState title="Your usage could not be loaded." onRetry={() => reload(true)} />}
          {state.status === "ready" && thisMonth && <MonthTotals days={state.data} month={thisMonth.value} />}
        </div>
      </section>

      <section aria-labelledby="usage-export-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="usage-export-heading" className="text-lg font-semibold text-slate-900">
          Export usage
        </h2>
        <p className="mt-1 text-sm text-slate-600">One row per day and category, with requests and bytes processed, as a CSV file for your spreadsheets or accounting.</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField name="month" label="Month" className="sm:w-64" options={months} value={month} onChange={(event) => setMonth(event.target.value)} />
          <Button onClick={() => void download()} disabled={exporting} aria-busy={exporting} className="h-11">
            <Download aria-hidden className="size-4" />
            {exporting ? "Preparing..." : "Download CSV"}
          </Button>
        </div>
      </section>
    </div>
  );
}
