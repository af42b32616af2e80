import { useId, useState, type ReactNode } from "react";
import type { BillingSubscription } from "../../../../../core/contracts/billing";
import type { Plan } from "../../../../../core/contracts/plans";
import { formatUsd, type BillingPeriod } from "../../../../../core/plans";
import { Button, ButtonLink } from "../../../components/ui/button";
import { PeriodSelector } from "../../../components/plans/period-selector";
import { VolumeSelect } from "../../../components/plans/volume-select";
import { cn } from "../../../lib/cn";
import { currentPlanOf, planButtonLabel, planButtonTarget, type CurrentPlan, type PlanButtonLabel, type PlanFamily } from "../../../lib/plan-buttons";
import { formatRequests, getPricingPlans } from "../../../lib/pricing-model";

/**
 * Starter, Professional (with its volume) and Enterprise of the served catalogue, with the
 * SPEC's button labels for the plan and period the customer pays for; buying goes through /checkout.
 */
export function PlanPicker({ subscription, plans }: { subscription: BillingSubscription; plans: readonly Plan[] }) {
  const cards = getPricingPlans(plans);
  const current = currentPlanOf(subscription);
  const [period, setPeriod] = useState<BillingPeriod>(current.period);
  const firstTier = cards.professionalTiers[0];
  const [tierName, setTierName] = useState(
    current.plan?.startsWith("professional_") ? current.plan : (firstTier?.package_name ?? ""),
  );
  const professional = cards.professionalTiers.find((tier) => tier.package_name === tierName) ?? firstTier;

  return (
    <section aria-labelledby="plan-picker">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="plan-picker" className="text-xl font-bold text-slate-900">
            Choose a Plan
          </h2>
          <p className="mt-1 text-sm text-slate-600">Prices per month; longer periods are billed up front at a discount.</p>
        </div>
        <PeriodSelector value={period} onChange={setPeriod} />
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {cards.starter && <PickerCard family="starter" plan={cards.starter} period={period} current={current} />}
        {professional && (
          <PickerCard family="professional" plan={professional} title="Professional" period={period} current={current} highlighted>
            <VolumeSelect tiers={cards.professionalTiers} value={professional.package_name} onChange={setTierName} className="mt-4" />
          </PickerCard>
        )}
        {cards.enterprise && <PickerCard family="enterprise" plan={cards.enterprise} period={period} current={current} />}
      </div>
    </section>
  );
}

interface PickerCardProps {
  family: PlanFamily;
  plan: Plan;
  title?: string;
  period: BillingPeriod;
  current: CurrentPlan;
  highlighted?: boolean;
  children?: ReactNode;
}

function PickerCard({ family, plan, title = plan.display_name, period, current, highlighted = false, children }: PickerCardProps) {
  const headingId = useId();
  const label: PlanButtonLabel = planButtonLabel(family, plan.package_name, period, current);
  const isCurrent = label === "Current Plan";
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "flex min-w-0 flex-col rounded-2xl border bg-white p-5 shadow-sm",
        highlighted ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
      )}
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      {family === "enterprise" ? (
        <p className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">Custom</p>
      ) : (
        <p className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">
          {formatUsd(plan.prices[period].per_month_cents, { wholeDollars: true })}
          <span className="text-base font-medium text-slate-600"> / month</span>
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">{formatRequests(plan.request_limit)}</p>
      {children}
      <div className="mt-auto pt-5">
        {isCurrent ? (
          <Button variant="secondary" disabled className="w-full">
            Current Plan
          </Button>
        ) : (
          <ButtonLink
            to={planButtonTarget(plan, family, period, current)}
            variant={highlighted ? "primary" : "secondary"}
            className="w-full"
          >
            {label}
            <span className="sr-only"> with the {title} plan</span>
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
