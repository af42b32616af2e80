import { cn } from "../../../lib/cn";
import { formatCount, formatLimit, usagePercent, usageTone, type UsageTone } from "../lib/usage-display";

const BAR: Record<UsageTone, string> = { red: "bg-red-600", yellow: "bg-yellow-500", normal: "bg-brand-600" };

/** "1,234 / 5,000" over a bar: red over 90 % of the limit, yellow over 70 % (SPEC section 9). */
export function UsageBar({ usage, limit }: { usage: number; limit: number | null }) {
  const percent = usagePercent(usage, limit);
  const tone = usageTone(usage, limit);
  return (
    <div className="min-w-32">
      <p className="text-sm whitespace-nowrap text-slate-900">
        {formatCount(usage)} / {formatLimit(limit)}
      </p>
      {percent !== null && (
        <div
          role="progressbar"
          aria-label={`${formatCount(usage)} of ${formatLimit(limit)} requests used`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          data-tone={tone}
          className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className={cn("h-full rounded-full", BAR[tone])} style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
