import type { StatusDay } from "../../../../../core/contracts/status";
import { cn } from "../../../lib/cn";
import { DAY_BAR_CLASSES, countIncidentDays, describeDay } from "../lib/status-display";

/**
 * One bar per day, oldest first. Screen readers get a one-line summary; each bar carries its
 * day's figures as a tooltip for pointers.
 */
export function HistoryBars({ name, history }: { name: string; history: readonly StatusDay[] }) {
  const withData = history.filter((day) => day.status !== null).length;
  const incidentDays = countIncidentDays(history);
  const summary =
    withData === 0
      ? `${name}: no history yet`
      : `${name}, last ${history.length} days: ${withData - incidentDays} days fully operational, ${incidentDays} with problems, ${history.length - withData} without data`;
  return (
    <div>
      <div role="img" aria-label={summary} className="flex h-8 items-stretch gap-px">
        {history.map((day) => (
          <span key={day.date} title={describeDay(day)} className={cn("min-w-0 flex-1 rounded-[1px]", DAY_BAR_CLASSES[day.status ?? "none"])} />
        ))}
      </div>
      <div aria-hidden className="mt-1.5 flex justify-between text-xs text-slate-500">
        <span>{history.length} days ago</span>
        <span>Today</span>
      </div>
    </div>
  );
}
