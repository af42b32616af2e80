import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import type { ServiceStatus } from "../../../../../core/contracts/status";
import { cn } from "../../../lib/cn";
import { OVERALL_HEADLINES, STATUS_BANNER_CLASSES, formatTimestamp } from "../lib/status-display";

const ICONS = { operational: CircleCheck, degraded: CircleAlert, down: CircleX } as const;

/** The overall status across components, and when it was computed. */
export function StatusBanner({ status, generatedAt }: { status: ServiceStatus; generatedAt: string }) {
  const Icon = ICONS[status];
  return (
    <section aria-labelledby="overall-status" className={cn("flex items-start gap-3 rounded-xl border p-5 sm:items-center", STATUS_BANNER_CLASSES[status])}>
      <Icon aria-hidden className="size-7 shrink-0" />
      <div>
        <h2 id="overall-status" className="text-xl font-semibold">
          {OVERALL_HEADLINES[status]}
        </h2>
        <p className="mt-0.5 text-sm">Updated {formatTimestamp(generatedAt)}. This page refreshes every minute.</p>
      </div>
    </section>
  );
}
