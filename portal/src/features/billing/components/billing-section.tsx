import { AlertTriangle, CalendarClock, CreditCard, Gauge } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import type { BillingOverview } from "../../../../../core/contracts/billing";
import { Button } from "../../../components/ui/button";
import { StatCard } from "../../../components/ui/stat-card";
import { formatLongDate } from "../../../lib/format-date";
import { cn } from "../../../lib/cn";
import { useBilling } from "../hooks/use-billing";
import {
  PAYMENT_REFRESH_DELAY_MS,
  PAYMENT_SUCCESS_FLAGS,
  formatMoney,
  hasPaymentSuccessFlag,
  periodLabel,
  subscriptionLabel,
  usageView,
} from "../lib/billing-display";
import { BillingHistory } from "./billing-history";
import { PlanPicker } from "./plan-picker";
import { UsageMeter } from "./usage-meter";

/** The dashboard's Billing & Credits section (SPEC: current plan, usage, next billing, plan picker, history). */
export function BillingSection() {
  const { state, reload } = useBilling();
  usePaymentRefresh(reload);

  return (
    <div className="space-y-10">
      <p className="max-w-2xl leading-relaxed text-slate-600">Your plan, this month&apos;s requests against your allowance, and your payments.</p>
      {state.status === "loading" && <LoadingBilling />}
      {state.status === "error" && <LoadFailed onRetry={() => reload(true)} />}
      {state.status === "ready" && (
        <>
          <SummaryCards overview={state.data} />
          <PlanPicker subscription={state.data.subscription} />
          <BillingHistory entries={state.data.history} />
        </>
      )}
    </div>
  );
}

/** After the payment callback's flags: read the subscription again 2 s later and drop the flags (SPEC). */
function usePaymentRefresh(reload: () => void) {
  const [params, setParams] = useSearchParams();
  const flagged = hasPaymentSuccessFlag(params);
  useEffect(() => {
    if (!flagged) return;
    const timer = setTimeout(() => {
      reload();
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const flag of PAYMENT_SUCCESS_FLAGS) next.delete(flag);
          next.set("section", "billing");
          return next;
        },
        { replace: true },
      );
    }, PAYMENT_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [flagged, reload, setParams]);
}

const STATUS_BADGE: Record<ReturnType<typeof subscriptionLabel>, string> = {
  Active: "bg-green-100 text-green-800",
  Inactive: "bg-slate-200 text-slate-800",
  "No Plan": "bg-slate-100 text-slate-700",
};

function SummaryCards({ overview }: { overview: BillingOverview }) {
  const { subscription, usage } = overview;
  const label = subscriptionLabel(subscription);
  const view = usageView(usage);
  const period = periodLabel(subscription.period);
  const nextDate = subscription.status === "active" ? (subscription.next_billing_date ?? subscription.expires_at) : null;

  return (
    <section aria-labelledby="billing-summary" className="grid gap-4 md:grid-cols-3">
      <h2 id="billing-summary" className="sr-only">
        Summary
      </h2>
      <StatCard title="Current Plan" icon={<CreditCard aria-hidden className="size-5" />}>
        <p className="text-2xl font-bold break-words text-slate-900">{subscription.plan_display_name ?? "Free"}</p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_BADGE[label])}>{label}</span>
          {period && subscription.amount !== null && (
            <span>
              {period} · {formatMoney(subscription.amount, subscription.currency ?? "USD")}
            </span>
          )}
        </p>
        {overview.scheduled_change && (
          <p className="mt-2 text-sm text-slate-600">
            Changes to {overview.scheduled_change.plan_display_name} on {formatLongDate(new Date(overview.scheduled_change.starts_at))} (paid).
          </p>
        )}
      </StatCard>

      <StatCard title="Usage This Month" icon={<Gauge aria-hidden className="size-5" />}>
        <p className="text-2xl font-bold text-slate-900">
          {view.used} <span className="text-base font-medium text-slate-600">/ {view.limit}</span>
        </p>
        <p className="sr-only">
          {view.used} of {view.limit} requests used
        </p>
        <UsageMeter usage={usage} />
      </StatCard>

      <StatCard title="Next Billing" icon={<CalendarClock aria-hidden className="size-5" />}>
        <p className="text-2xl font-bold text-slate-900">{nextDate ? formatLongDate(new Date(nextDate)) : "—"}</p>
        <p className="mt-2 text-sm text-slate-600">
          {nextBillingNote(overview, nextDate)}
        </p>
        {subscription.overdue && (
          <p role="status" className="mt-3 flex gap-2 rounded-lg bg-red-50 p-2 text-sm font-medium text-red-900">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            Your plan has expired. Renew it to keep your allowance.
          </p>
        )}
      </StatCard>
    </section>
  );
}

function nextBillingNote({ subscription, scheduled_change: scheduled }: BillingOverview, nextDate: string | null): string {
  if (!nextDate) return "No upcoming payment";
  if (scheduled) return `${scheduled.plan_display_name} paid until ${formatLongDate(new Date(scheduled.ends_at))}`;
  return subscription.amount !== null ? `${formatMoney(subscription.amount, subscription.currency ?? "USD")} due` : "Plan renewal";
}

function LoadingBilling() {
  return (
    <div>
      <p role="status" className="text-sm text-slate-600">
        Loading billing information...
      </p>
      <div aria-hidden className="mt-4 grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <div key={card} className="h-36 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">Your billing information could not be loaded.</p>
      <p className="mt-1 text-sm text-red-900">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
