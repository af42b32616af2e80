import { useState } from "react";
import type { Plan } from "../../../../../core/contracts/plans";
import { UNLIMITED, formatUsd, type BillingPeriod } from "../../../../../core/plans";
import { PeriodSelector } from "../../../components/plans/period-selector";
import { VolumeSelect } from "../../../components/plans/volume-select";
import { ErrorState, LoadingState } from "../../../components/ui/section-states";
import { usePlans } from "../../../hooks/use-plans";
import { planButtonLabel, planButtonTarget, type CurrentPlan, type PlanFamily } from "../../../lib/plan-buttons";
import { formatDataLimit, formatRequests, formatVolume, getPricingPlans, type PricingPlans as Cards } from "../../../lib/pricing-model";
import { useCurrentPlan } from "../hooks/use-current-plan";
import { PlanCard } from "./plan-card";

const BILLED: Record<BillingPeriod, string> = { monthly: "billed monthly", yearly: "billed yearly", threeYears: "billed every 3 years" };

/** The server's price of the period: per month, and what the whole period is billed. */
function priceOf(plan: Plan, period: BillingPeriod) {
  const price = plan.prices[period];
  const perMonth = formatUsd(price.per_month_cents, { wholeDollars: true });
  const note = period === "monthly" ? `per month, ${BILLED.monthly}` : `per month, ${formatUsd(price.total_cents, { wholeDollars: true })} ${BILLED[period]}`;
  return { price: perMonth, note };
}

function limitsOf(plan: Plan): string[] {
  return [
    formatRequests(plan.request_limit),
    `${plan.rate_limit_per_minute.toLocaleString("en-US")} requests per minute`,
    plan.data_limit_bytes === UNLIMITED ? "Unlimited data processing" : `${formatDataLimit(plan.data_limit_bytes)} of data processing per month`,
  ];
}

/** The plan cards, priced by the catalogue the gateway serves (an administrator's price change shows at once). */
export function PricingPlans({ signedIn }: { signedIn: boolean }) {
  const { state, reload } = usePlans();
  const current = useCurrentPlan(signedIn);
  if (state.status === "loading") return <LoadingState label="Loading plans..." rows={3} />;
  if (state.status === "error") return <ErrorState title="The plans could not be loaded." onRetry={reload} />;
  return <PlanCards plans={getPricingPlans(state.data)} signedIn={signedIn} current={current} />;
}

function PlanCards({ plans, signedIn, current }: { plans: Cards; signedIn: boolean; current: CurrentPlan }) {
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const [tierName, setTierName] = useState<string | null>(null);
  const { starter, enterprise, free, professionalTiers } = plans;
  const chosenTier = tierName ?? (current.plan?.startsWith("professional_") ? current.plan : null);
  const professional = professionalTiers.find((p) => p.package_name === chosenTier) ?? professionalTiers[0];

  /** Signed out, every button but Enterprise's leads to sign-up; signed in, the SPEC's labels. */
  const cta = (family: PlanFamily, plan: Plan) => {
    if (!signedIn) return family === "enterprise" ? { label: "Contact Sales", to: "/contact" } : { label: "Get Started", to: "/signup" };
    const label = planButtonLabel(family, plan.package_name, period, current);
    return { label, to: planButtonTarget(plan, family, period, current), disabled: label === "Current Plan" };
  };

  return (
    <div>
      <div className="flex justify-center">
        <PeriodSelector value={period} onChange={setPeriod} />
      </div>
      {free && (
        <p className="mt-6 text-center text-slate-600">
          Every account starts on the {free.display_name} plan: {free.request_limit.toLocaleString("en-US")} requests and{" "}
          {formatDataLimit(free.data_limit_bytes)} of data processing per month, no credit card required.
        </p>
      )}

      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        {starter && (
          <PlanCard
            name={starter.display_name}
            tagline="For side projects and first integrations."
            price={priceOf(starter, period).price}
            priceNote={priceOf(starter, period).note}
            features={[...limitsOf(starter), "Workflow, data-processing and analytics APIs"]}
            cta={cta("starter", starter)}
          />
        )}
        {professional && (
          <PlanCard
            name="Professional"
            tagline="For production workloads that grow with you."
            price={priceOf(professional, period).price}
            priceNote={priceOf(professional, period).note}
            features={[
              ...limitsOf(professional),
              "Everything in Starter",
              `Volume tiers from ${formatVolume(professionalTiers[0]?.request_limit ?? 0)} to ${formatVolume(professionalTiers.at(-1)?.request_limit ?? 0)} requests`,
            ]}
            cta={cta("professional", professional)}
            highlighted
          >
            <VolumeSelect tiers={professionalTiers} value={professional.package_name} onChange={setTierName} className="mt-6" showPrices />
          </PlanCard>
        )}
        {enterprise && (
          <PlanCard
            name={enterprise.display_name}
            tagline="For teams with custom volume, security and support needs."
            price="Custom"
            priceNote="tailored to your volume and contract"
            features={[...limitsOf(enterprise), "Everything in Professional", "Custom contract and invoicing"]}
            cta={cta("enterprise", enterprise)}
          />
        )}
      </div>
    </div>
  );
}
