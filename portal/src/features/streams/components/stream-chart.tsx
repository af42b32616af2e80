import type { FieldStatistics } from "../../../../../core/contracts/streams";
import { useElementWidth } from "../../../hooks/use-element-width";
import { formatValue, layoutChart } from "../lib/stream-chart";

/** Drawn at the width it is shown, so its labels stay at text size on a phone. */
const HEIGHT = 220;
const MARGINS = { left: 56, padding: 14 };

/** A field's latest values as a line, its anomalies among them as red dots (each with its score on hover). */
export function StreamChart({ field, statistics }: { field: string; statistics: FieldStatistics }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const box = { width, height: HEIGHT, ...MARGINS };
  const chart = layoutChart(statistics.recent, statistics.count, statistics.last_anomalies, box);
  const marked = chart.points.filter((point) => point.anomaly);
  const summary =
    chart.points.length === 0
      ? `${field}: no values yet`
      : `${field}: values ${chart.first} to ${chart.last}, from ${formatValue(Math.min(...statistics.recent))} to ${formatValue(Math.max(...statistics.recent))}; ${marked.length} ${marked.length === 1 ? "anomaly" : "anomalies"} marked`;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div ref={ref} className="overflow-hidden">
        <svg width={box.width} height={box.height} viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-label={summary} className="block" data-testid="stream-chart">
          {chart.ticks.map((tick) => (
            <g key={tick.y}>
              <line x1={box.left} x2={box.width - box.padding} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeDasharray="4 4" />
              <text x={box.left - 8} y={tick.y} dy="0.35em" textAnchor="end" className="fill-slate-600 text-[12px]">
                {tick.label}
              </text>
            </g>
          ))}
          {chart.path && <path d={chart.path} fill="none" className="stroke-brand-600" strokeWidth={2} strokeLinejoin="round" />}
          {chart.points.length === 1 && chart.points[0] && <circle cx={chart.points[0].x} cy={chart.points[0].y} r={4} className="fill-brand-600" />}
          {marked.map((point) => (
            <circle key={point.sequence} cx={point.x} cy={point.y} r={6} className="fill-red-600 stroke-white" strokeWidth={2} data-anomaly={point.sequence}>
              <title>{`Anomaly: value ${formatValue(point.value)}, score ${point.anomaly?.score === null ? "n/a (flat window)" : formatValue(point.anomaly?.score ?? 0)}`}</title>
            </circle>
          ))}
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span>{chart.points.length > 0 ? `Values ${chart.first.toLocaleString("en-US")}–${chart.last.toLocaleString("en-US")} of ${field}` : `No values of ${field} yet`}</span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full bg-red-600" />
          Anomaly
        </span>
      </figcaption>
    </figure>
  );
}
