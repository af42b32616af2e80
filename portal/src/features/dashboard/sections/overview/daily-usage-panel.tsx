import { BarChart3 } from "lucide-react";
import { Link } from "react-router-dom";
import { ErrorState } from "../../../../components/ui/section-states";
import { CHART_DAYS } from "../../api/dashboard-api";
import { useDailyUsage } from "../../hooks/use-overview-data";
import { UsageBarChart } from "./usage-bar-chart";

/** The overview's chart of requests per day and endpoint category, with its loading, error and empty states. */
export function DailyUsagePanel() {
  const { state, reload } = useDailyUsage();
  return (
    <section aria-labelledby="overview-daily-usage" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="overview-daily-usage" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <BarChart3 aria-hidden className="size-5 text-brand-700" />
        Requests per day
      </h2>
      <p className="mt-1 text-sm text-slate-600">Requests made with live keys over the last {CHART_DAYS} days (UTC), by endpoint category.</p>
      <div className="mt-4">
        {state.status === "loading" && (
          <div>
            <p role="status" className="sr-only">
              Loading requests per day...
            </p>
            <div aria-hidden className="h-56 animate-pulse rounded-xl bg-slate-100" />
          </div>
        )}
        {state.status === "error" && <ErrorState title="Requests per day could not be loaded." onRetry={() => reload(true)} />}
        {state.status === "ready" &&
          (state.data.days.some((day) => day.total > 0) ? (
            <UsageBarChart days={state.data.days} />
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
              <p className="font-semibold text-slate-900">No requests in the last {CHART_DAYS} days</p>
              <p className="mt-1 text-sm text-slate-600">
                Create a key in{" "}
                <Link to="?section=api-keys" className="font-medium text-brand-700 underline underline-offset-4">
                  API Keys
                </Link>{" "}
                and call the API with a live key: your requests appear here within seconds.
              </p>
            </div>
          ))}
      </div>
    </section>
  );
}
