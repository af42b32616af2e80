import { cn } from "../../../lib/cn";
import { DAY_BAR_LEGEND } from "../lib/status-display";

/** What the fills of the daily history bars mean; shown once, above the components. */
export function HistoryLegend() {
  return (
    <ul aria-label="History colours" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      {DAY_BAR_LEGEND.map(({ key, label, className }) => (
        <li key={key} className="flex items-center gap-1.5">
          <span aria-hidden className={cn("size-3 rounded-[2px] ring-1 ring-slate-900/10 ring-inset", className)} />
          {label}
        </li>
      ))}
    </ul>
  );
}
