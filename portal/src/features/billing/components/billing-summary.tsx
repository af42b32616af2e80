import { AlertTriangle, CalendarClock, CreditCard, Gauge } from "lucide-react";
import type { BillingOverview, SubscriptionStatus } from "../../../../../core/contracts/billing";
import { UsageMeter } from "../../../components/plans/usage-meter";
import { StatCard } from "../../../components/ui/stat-card";
import { cn } from "../../../lib/cn";
import { formatLongDate } from "../../../lib/format-date";
import { formatMoney } from "../../../lib/format-money";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/status-labels";
import { usageView } from "../../../lib/usage-view";
import { periodLabel } from "../lib/billing-display";

const STATUS_BADGE: Record<SubscriptionStatus, string> = {
  active: "bg-green-100 text-green-800",
  expired: "bg-slate-200 text-slate-800",
  none: "bg-slate-100 text-slate-700",
};

/** Current plan, usage this month and next billing: the three cards at the top of the billing section. */
export function BillingSummary({ overview }: { overview: BillingOverview }) {
  const { subscription, usage } = overview;
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
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_BADGE[subscription.status])}>{SUBSCRIPTION_STATUS_LABELS[subscription.status]}</span>
          {period && subscription.amount !== null && (
            <span>
              {period} · {formatMoney(subscription.amount, subscription.currency ?? "USD")}
            </span>
          )}
        </p>
        {subscription.current_period_start && subscription.current_period_end && (
          <p className="mt-2 text-sm text-slate-600">
            Current period: {formatLongDate(new Date(subscription.current_period_start))} – {formatLongDate(new Date(subscription.current_period_end))}
          </p>
        )}
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
