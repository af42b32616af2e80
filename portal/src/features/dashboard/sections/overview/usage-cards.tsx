import { Gauge, Timer } from "lucide-react";
import { ErrorState } from "../../../../components/ui/section-states";
import { StatCard } from "../../../../components/ui/stat-card";
import { UsageMeter } from "../../../../components/plans/usage-meter";
import { usageView } from "../../../../lib/usage-view";
import { useAccountLimits, type AccountLimits } from "../../hooks/use-overview-data";
import { planLimitsView } from "../../lib/plan-limits";

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
        {state.status === "error" && <ErrorState title="Your usage could not be loaded." onRetry={() => reload(true)} />}
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
      <StatCard title="Usage This Month" icon={<Gauge aria-hidden className="size-5" />}>
        <p className="text-2xl font-bold text-slate-900" data-testid="usage-this-month">
          {view.used} <span className="text-base font-medium text-slate-600">/ {view.limit} requests</span>
        </p>
        <UsageMeter usage={usage} progressLabel="Share of this month's requests used" />
      </StatCard>

      <StatCard title="Rate Limits" icon={<Timer aria-hidden className="size-5" />}>
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
          {plan.scheduleInterval && (
            <>
              <dt className="text-slate-600">Schedules at most every</dt>
              <dd className="text-right font-semibold text-slate-900">{plan.scheduleInterval}</dd>
            </>
          )}
        </dl>
        <p className="mt-3 text-sm text-slate-600">Over a limit, requests answer 429 with a Retry-After header.</p>
      </StatCard>
    </div>
  );
}
