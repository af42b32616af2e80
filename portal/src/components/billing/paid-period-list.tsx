import type { PaidPeriod, PaidPeriodState } from "../../../../core/contracts/billing";
import { PERIOD_TERMS } from "../../../../core/plans";
import { cn } from "../../lib/cn";
import { formatLongDate } from "../../lib/format-date";

/** The words and colours of a paid period's state, shown to customers and administrators alike. */
export const PAID_PERIOD_STATES: Record<PaidPeriodState, { label: string; className: string }> = {
  current: { label: "Current", className: "bg-green-100 text-green-800" },
  upcoming: { label: "Upcoming", className: "bg-blue-100 text-blue-800" },
  past: { label: "Ended", className: "bg-slate-200 text-slate-800" },
  credited: { label: "Credited to an upgrade", className: "bg-slate-200 text-slate-800" },
  removed: { label: "Removed", className: "bg-red-100 text-red-900" },
};

const day = (iso: string) => formatLongDate(new Date(iso));

/** An account's timeline of paid periods (decision 0026): what each payment bought, when it runs, and what was taken off. */
export function PaidPeriodList({ periods, emptyText }: { periods: readonly PaidPeriod[]; emptyText: string }) {
  if (periods.length === 0) return <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">{emptyText}</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {periods.map((period) => {
        const state = PAID_PERIOD_STATES[period.state];
        return (
          <li key={period.billing_id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">
                {period.plan_display_name}
                {period.period && <span className="font-normal text-slate-600"> · {PERIOD_TERMS[period.period].label}</span>}
              </p>
              <p className="text-slate-700">
                {period.state === "credited" ? `Paid ${day(period.paid_at)}` : `${day(period.starts_at)} – ${day(period.ends_at)}`}
              </p>
              <p className="font-mono text-xs break-all text-slate-600">{period.invoice}</p>
              {period.removed_at && (
                <p className="mt-1 text-xs text-red-900">
                  Removed on {day(period.removed_at)}
                  {period.removal_reason ? `: ${period.removal_reason}` : ""}
                </p>
              )}
            </div>
            <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", state.className)}>{state.label}</span>
          </li>
        );
      })}
    </ol>
  );
}
