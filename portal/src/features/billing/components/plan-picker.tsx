import { useId, useState, type ReactNode } from "react";
import type { BillingSubscription } from "../../../../../core/contracts/billing";
import { formatUsd, quotePrice, type BillingPeriod, type PlanDefinition } from "../../../../../core/plans";
import { Button, ButtonLink } from "../../../components/ui/button";
import { PeriodSelector } from "../../../components/plans/period-selector";
import { VolumeSelect } from "../../../components/plans/volume-select";
import { cn } from "../../../lib/cn";
import { checkoutHref, formatRequests, getPricingPlans } from "../../../lib/pricing-model";
import { currentPlanOf, planButtonLabel, type PlanButtonLabel, type PlanFamily } from "../lib/billing-display";

const PLANS = getPricingPlans();

/** Starter, Professional (with its volume) and Enterprise, with the SPEC's button labels; buying goes through /checkout. */
export function PlanPicker({ subscription }: { subscription: BillingSubscription }) {
  const current = currentPlanOf(subscription);
  const [period, setPeriod] = useState<BillingPeriod>(subscription.period ?? "monthly");
  const firstTier = PLANS.professionalTiers[0];
  const [tierName, setTierName] = useState(
    current.plan?.startsWith("professional_") ? current.plan : (firstTier?.package_name ?? ""),
  );
  const professional = PLANS.professionalTiers.find((tier) => tier.package_name === tierName) ?? firstTier;

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
        <PickerCard family="starter" plan={PLANS.starter} period={period} label={planButtonLabel("starter", PLANS.starter.package_name, current)} />
        {professional && (
          <PickerCard
            family="professional"
            plan={professional}
            title="Professional"
            period={period}
            label={planButtonLabel("professional", professional.package_name, current)}
            highlighted
          >
            <VolumeSelect tiers={PLANS.professionalTiers} value={professional.package_name} onChange={setTierName} className="mt-4" />
          </PickerCard>
        )}
        <PickerCard family="enterprise" plan={PLANS.enterprise} period={period} label={planButtonLabel("enterprise", PLANS.enterprise.package_name, current)} />
      </div>
    </section>
  );
}

interface PickerCardProps {
  family: PlanFamily;
  plan: PlanDefinition;
  title?: string;
  period: BillingPeriod;
  label: PlanButtonLabel;
  highlighted?: boolean;
  children?: ReactNode;
}

function PickerCard({ family, plan, title = plan.display_name, period, label, highlighted = false, children }: PickerCardProps) {
  const headingId = useId();
  const quote = quotePrice(plan.monthly_price_cents, period);
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
          {formatUsd(quote.perMonthCents, { wholeDollars: true })}
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
            to={family === "enterprise" ? "/contact" : checkoutHref(plan, period, label === "Change Plan" ? "change" : undefined)}
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
