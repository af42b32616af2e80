import type { StatusComponent } from "../../../../../core/contracts/status";
import { formatLatency, formatUptime } from "../lib/status-display";
import { HistoryBars } from "./history-bars";
import { HistoryLegend } from "./history-legend";
import { StatusBadge } from "./status-badge";

/** Every component with its badge, 90-day uptime, response time and daily history, under one legend of the history's colours. */
export function ComponentList({ components }: { components: readonly StatusComponent[] }) {
  return (
    <section aria-labelledby="components-heading">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <h2 id="components-heading" className="text-xl font-semibold text-slate-900">
          Components
        </h2>
        <HistoryLegend />
      </div>
      <ul aria-labelledby="components-heading" className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {components.map((component) => (
          <li key={component.id} className="p-4 sm:p-5">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{component.name}</h3>
                <p className="text-sm text-slate-600">{component.description}</p>
              </div>
              <StatusBadge status={component.status} />
            </div>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Uptime (90 days)</dt>
                <dd className="font-medium text-slate-900">{formatUptime(component.uptime_percent)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Response time</dt>
                <dd className="font-medium text-slate-900">{formatLatency(component.latency_ms)}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <HistoryBars name={component.name} history={component.history} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
