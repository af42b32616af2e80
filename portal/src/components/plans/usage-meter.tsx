import { AlertTriangle } from "lucide-react";
import type { BillingUsage } from "../../../../core/contracts/billing";
import { cn } from "../../lib/cn";
import { formatLongDate } from "../../lib/format-date";
import { NEAR_LIMIT_WARNING, usageView } from "../../lib/usage-view";

interface UsageMeterProps {
  usage: BillingUsage;
  /** Names the bar as a progress bar; without it the bar is decoration and the caller says the figures in text. */
  progressLabel?: string;
}

/** This month's bar of requests used, when the count resets, and the near-limit warning. */
export function UsageMeter({ usage, progressLabel }: UsageMeterProps) {
  const view = usageView(usage);
  const progress = progressLabel
    ? { role: "progressbar", "aria-label": progressLabel, "aria-valuemin": 0, "aria-valuemax": 100, "aria-valuenow": view.percent ?? undefined }
    : { "aria-hidden": true };
  return (
    <>
      {view.percent !== null && (
        <div {...progress} className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
          <div className={cn("h-full rounded-full", view.nearLimit ? "bg-red-600" : "bg-brand-600")} style={{ width: `${view.percent}%` }} />
        </div>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {view.percent !== null ? `${view.percent}% used · ` : ""}Resets {formatLongDate(new Date(usage.reset_date))}
      </p>
      {view.nearLimit && (
        <p role="status" className="mt-3 flex gap-2 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-900">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {NEAR_LIMIT_WARNING}
        </p>
      )}
    </>
  );
}
