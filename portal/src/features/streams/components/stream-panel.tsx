import type { FieldStatistics, StoredAnomaly } from "../../../../../core/contracts/streams";
import { SelectField } from "../../../components/ui/choice-fields";
import { useState } from "react";
import type { StreamMode } from "../api/streams-api";
import { useStreamLive, type LiveStatus } from "../hooks/use-stream-live";
import { formatValue } from "../lib/stream-chart";
import { StreamChart } from "./stream-chart";

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: "Connecting...",
  live: "Live",
  reconnecting: "Reconnecting...",
  closed: "This stream is no longer available.",
};

/** One stream followed live: a field's chart, its statistics and the stream's last anomalies. */
export function StreamPanel({ mode, name }: { mode: StreamMode; name: string }) {
  const { statistics, status } = useStreamLive(mode, name);
  const [chosen, setChosen] = useState<string | null>(null);
  const fields = statistics ? Object.keys(statistics.fields).sort() : [];
  const field = chosen !== null && fields.includes(chosen) ? chosen : fields[0];
  const fieldStatistics = field ? statistics?.fields[field] : undefined;

  return (
    <section aria-labelledby="stream-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="stream-heading" className="break-all text-lg font-semibold text-slate-900">
          {name}
        </h2>
        <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
          <span aria-hidden className={status === "live" ? "size-2.5 rounded-full bg-emerald-600" : "size-2.5 rounded-full bg-slate-400"} />
          {STATUS_TEXT[status]}
          {statistics && ` · ${statistics.events.toLocaleString("en-US")} events`}
        </p>
      </div>
      {fields.length > 1 && field && (
        <SelectField name="field" label="Field" className="sm:w-64" options={fields.map((f) => ({ value: f, label: f }))} value={field} onChange={(event) => setChosen(event.target.value)} />
      )}
      {field && fieldStatistics && (
        <>
          <StreamChart field={field} statistics={fieldStatistics} />
          <FieldFigures statistics={fieldStatistics} />
        </>
      )}
      {statistics && fields.length === 0 && <p className="text-slate-600">This stream has no values yet.</p>}
      {statistics && <AnomalyList anomalies={statistics.anomalies} />}
    </section>
  );
}

function FieldFigures({ statistics }: { statistics: FieldStatistics }) {
  const figures: Array<[string, string]> = [
    ["Values", statistics.count.toLocaleString("en-US")],
    ["Mean", formatValue(statistics.mean)],
    ["Std dev", formatValue(statistics.stddev)],
    ["Min", formatValue(statistics.min)],
    ["Max", formatValue(statistics.max)],
    ["EWMA", formatValue(statistics.ewma)],
    ["Per minute", formatValue(statistics.rate_per_minute)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AnomalyList({ anomalies }: { anomalies: StoredAnomaly[] }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Last anomalies</h3>
      {anomalies.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None so far: a value is flagged when its distance from the field&apos;s local level exceeds 6 robust standard deviations of the recent residuals.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
          {anomalies.map((anomaly) => (
            <li key={`${anomaly.field}-${anomaly.sequence}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
              <span className="font-medium text-slate-900">
                {anomaly.field} = {formatValue(anomaly.value)}
              </span>
              <span className="text-slate-600">
                score {anomaly.score === null ? "n/a" : formatValue(anomaly.score)} · event <code className="break-all">{anomaly.event_id}</code> ·{" "}
                <time dateTime={anomaly.detected_at}>{new Date(anomaly.detected_at).toLocaleTimeString("en-US")}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
