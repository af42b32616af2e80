import type { KeyMode } from "../../../../../core/contracts/api-keys";
import { cn } from "../../../lib/cn";
import { MODE_LABELS, STATUS_LABELS, formatCap, formatUsage, usageRatio, type KeyStatus } from "../lib/key-display";

const BADGE = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

const MODE_CLASSES: Record<KeyMode, string> = {
  live: "bg-brand-50 text-brand-800 ring-brand-200",
  test: "bg-amber-50 text-amber-900 ring-amber-300",
};

const STATUS_CLASSES: Record<KeyStatus, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  expired: "bg-red-50 text-red-800 ring-red-200",
  inactive: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function ModeBadge({ mode }: { mode: KeyMode }) {
  return <span className={cn(BADGE, MODE_CLASSES[mode])}>{MODE_LABELS[mode]}</span>;
}

export function StatusBadge({ status }: { status: KeyStatus }) {
  return <span className={cn(BADGE, STATUS_CLASSES[status])}>{STATUS_LABELS[status]}</span>;
}

/** "1,234 / 5,000" with a bar for capped keys, and the cap ("Unlimited") under it. */
export function UsageSummary({ used, cap }: { used: number; cap: number | null }) {
  const ratio = usageRatio(used, cap);
  return (
    <div className="min-w-28">
      <p className="text-sm font-medium text-slate-900 tabular-nums">{formatUsage(used, cap)}</p>
      {ratio !== null && (
        <div aria-hidden className="mt-1.5 h-1.5 w-full max-w-32 overflow-hidden rounded-full bg-slate-200">
          <div
            className={cn("h-full rounded-full", ratio >= 0.9 ? "bg-red-600" : ratio >= 0.7 ? "bg-amber-500" : "bg-brand-600")}
            style={{ width: `${Math.round(ratio * 100)}%` }}
          />
        </div>
      )}
      <p className="mt-1 text-xs text-slate-600">Monthly cap: {formatCap(cap)}</p>
    </div>
  );
}
