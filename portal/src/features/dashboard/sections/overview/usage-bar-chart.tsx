import type { UsageDay } from "../../../../../../core/contracts/usage";
import { ENDPOINT_CATEGORIES, type EndpointCategory } from "../../../../../../core/metering/endpoint-categories";
import { CATEGORY_LABELS, describeUsage, formatDay, scaleUsageChart, totalUsage } from "../../lib/usage-chart";

/** Fill per category: distinct hues that keep 3:1 against white (WCAG 1.4.11). */
const CATEGORY_FILLS: Record<EndpointCategory, string> = {
  "/api/data-processing": "fill-brand-600",
  "/api/analytics": "fill-amber-600",
  "/api/webhooks": "fill-violet-600",
  "/api/general": "fill-slate-500",
};
const SWATCHES: Record<EndpointCategory, string> = {
  "/api/data-processing": "bg-brand-600",
  "/api/analytics": "bg-amber-600",
  "/api/webhooks": "bg-violet-600",
  "/api/general": "bg-slate-500",
};

/** Bar width and the gap after it, in the SVG's units (one day is one unit). */
const BAR_WIDTH = 0.7;
const integer = new Intl.NumberFormat("en-US");

/**
 * Requests per day as stacked bars per endpoint category. The SVG is one image with a text
 * summary; the numbers are in a table for screen readers. Labels are HTML so they keep their
 * size on a phone.
 */
export function UsageBarChart({ days }: { days: readonly UsageDay[] }) {
  const scale = scaleUsageChart(days);
  const totals = totalUsage(days);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700" aria-label="Legend and totals">
        {ENDPOINT_CATEGORIES.map((category) => (
          <li key={category} className="flex items-center gap-2">
            <span aria-hidden className={`size-3 rounded-sm ${SWATCHES[category]}`} />
            {CATEGORY_LABELS[category]}: <span className="font-semibold text-slate-900">{integer.format(totals.byCategory[category])}</span>
          </li>
        ))}
      </ul>

      <div className="mt-4 grid grid-cols-[auto_1fr] gap-x-2">
        <div aria-hidden className="relative h-48 w-10 text-right text-xs text-slate-600">
          {scale.ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2" style={{ top: `${100 - (tick / scale.axisMax) * 100}%` }}>
              {integer.format(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-48 border-b border-l border-slate-300">
          {scale.ticks.slice(1).map((tick) => (
            <div key={tick} aria-hidden className="absolute inset-x-0 border-t border-dashed border-slate-200" style={{ top: `${100 - (tick / scale.axisMax) * 100}%` }} />
          ))}
          <svg
            role="img"
            aria-label={`Requests per day by endpoint category. ${describeUsage(days)}`}
            viewBox={`0 0 ${days.length} 1`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full"
          >
            {scale.bars.map((bar, index) => (
              <g key={bar.date}>
                <title>{`${formatDay(bar.date)}: ${integer.format(bar.total)} requests`}</title>
                {bar.segments.map((segment) => (
                  <rect
                    key={segment.category}
                    x={index + (1 - BAR_WIDTH) / 2}
                    width={BAR_WIDTH}
                    y={1 - segment.to}
                    height={segment.to - segment.from}
                    className={CATEGORY_FILLS[segment.category]}
                  />
                ))}
              </g>
            ))}
          </svg>
        </div>
        <div aria-hidden />
        {first && last && (
          <div aria-hidden className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{formatDay(first.date)}</span>
            <span>{formatDay(last.date)}</span>
          </div>
        )}
      </div>

      {/* A table is never narrower than its content, so sr-only's 1px alone leaves it wide:
          the fixed layout lets it (and its columns) shrink to that 1px. */}
      <table className="sr-only table-fixed">
        <caption>Requests per day by endpoint category</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {ENDPOINT_CATEGORIES.map((category) => (
              <th key={category} scope="col">
                {CATEGORY_LABELS[category]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              {ENDPOINT_CATEGORIES.map((category) => (
                <td key={category}>{day.requests[category] ?? 0}</td>
              ))}
              <td>{day.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
