import { AlertTriangle, Gauge, Timer } from "lucide-react";
import { formatLongDate } from "../../../../lib/format-date";
import { cn } from "../../../../lib/cn";
import { NEAR_LIMIT_WARNING, usageView } from "../../../billing/lib/billing-display";
import { useAccountLimits, type AccountLimits } from "../../hooks/use-overview-data";
import { planLimitsView } from "../../lib/plan-limits";
import { LoadFailed, OverviewCard } from "./overview-card";

/** This month's requests against the allowance, and the plan's rate limits (live figures). */
export function UsageCards() {
  const { state, reload } = useAccountLimits();
  return (
    <section aria-labelledby="overview-this-month">
      <h2 id="overview-this-month" className="text-xl font-semibold text-slate-900">
        This month
      </h2>
      <div className="mt-4">
        {state.status === "loading" && (
          <div>
            <p role="status" className="sr-only">
              Loading your usage...
            </p>
            <div aria-hidden className="grid gap-4 md:grid-cols-2">
              <div className="h-44 animate-pulse rounded-2xl bg-slate-100" />
              <div className="h-44 animate-pulse rounded-2xl bg-slate-100" />
            </div>
          </div>
        )}
        {state.status === "error" && <LoadFailed what="Your usage" onRetry={() => reload(true)} />}
        {state.status === "ready" && <Cards limits={state.data} />}
      </div>
    </section>
  );
}

function Cards({ limits }: { limits: AccountLimits }) {
  const { usage } = limits.overview;
  const view = usageView(usage);
  const plan = planLimitsView(limits.overview, limits.plans);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <OverviewCard title="Usage This Month" icon={<Gauge aria-hidden className="size-5" />}>
        <p className="text-2xl font-bold text-slate-900" data-testid="usage-this-month">
          {view.used} <span className="text-base font-medium text-slate-600">/ {view.limit} requests</span>
        </p>
        {view.percent !== null && (
          <div
            role="progressbar"
            aria-label="Share of this month's requests used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.percent}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
          >
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
      </OverviewCard>

      <OverviewCard title="Rate Limits" icon={<Timer aria-hidden className="size-5" />}>
        <p className="text-2xl font-bold break-words text-slate-900">{plan.planName}</p>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-600">Requests per month</dt>
          <dd className="text-right font-semibold text-slate-900">{plan.requestsPerMonth}</dd>
          {plan.requestsPerMinute && (
            <>
              <dt className="text-slate-600">Requests per minute</dt>
              <dd className="text-right font-semibold text-slate-900">{plan.requestsPerMinute}</dd>
            </>
          )}
          {plan.concurrentExecutions && (
            <>
              <dt className="text-slate-600">Workflow runs at once</dt>
              <dd className="text-right font-semibold text-slate-900">{plan.concurrentExecutions}</dd>
            </>
          )}
        </dl>
        <p className="mt-3 text-sm text-slate-600">Over a limit, requests answer 429 with a Retry-After header.</p>
      </OverviewCard>
    </div>
  );
}
