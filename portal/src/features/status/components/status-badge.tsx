import type { ServiceStatus } from "../../../../../core/contracts/status";
import { cn } from "../../../lib/cn";
import { STATUS_BADGE_CLASSES, STATUS_LABELS } from "../lib/status-display";

export function StatusBadge({ status }: { status: ServiceStatus }) {
  return (
    <span className={cn("inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", STATUS_BADGE_CLASSES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}
