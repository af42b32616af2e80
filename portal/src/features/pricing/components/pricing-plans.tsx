import { useState } from "react";
import { UNLIMITED, formatUsd, quotePrice, type BillingPeriod, type PlanDefinition } from "../../../../../core/plans";
import { PeriodSelector } from "../../../components/plans/period-selector";
import { VolumeSelect } from "../../../components/plans/volume-select";
import { checkoutHref, formatDataLimit, formatRequests, formatVolume, getPricingPlans } from "../../../lib/pricing-model";
import { PlanCard } from "./plan-card";

const PLANS = getPricingPlans();

const BILLED: Record<BillingPeriod, string> = { monthly: "billed monthly", yearly: "billed yearly", threeYears: "billed every 3 years" };

function priceOf(plan: PlanDefinition, period: BillingPeriod) {
  const quote = quotePrice(plan.monthly_price_cents, period);
  const perMonth = formatUsd(quote.perMonthCents, { wholeDollars: true });
  const note = period === "monthly" ? `per month, ${BILLED.monthly}` : `per month, ${formatUsd(quote.subtotalCents, { wholeDollars: true })} ${BILLED[period]}`;
  return { price: perMonth, note };
}

function limitsOf(plan: PlanDefinition): string[] {
  return [
    formatRequests(plan.request_limit),
    `${plan.rate_limit_per_minute.toLocaleString("en-US")} requests per minute`,
    plan.data_limit_bytes === UNLIMITED ? "Unlimited data processing" : `${formatDataLimit(plan.data_limit_bytes)} of data processing per month`,
  ];
}

/** Where a plan button leads: sign-up when signed out, the checkout page when signed in. */
function checkoutTarget(signedIn: boolean, plan: PlanDefinition, period: BillingPeriod): string {
  return signedIn ? checkoutHref(plan, period) : "/signup";
}

export function PricingPlans({ signedIn }: { signedIn: boolean }) {
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const [tierName, setTierName] = useState(PLANS.professionalTiers[0]?.package_name ?? "");
  const { starter, enterprise, free } = PLANS;
  const professional = PLANS.professionalTiers.find((p) => p.package_name === tierName) ?? PLANS.professionalTiers[0];

  const starterPrice = priceOf(starter, period);
  const proPrice = professional ? priceOf(professional, period) : null;

  return (
    <div>
      <div className="flex justify-center">
        <PeriodSelector value={period} onChange={setPeriod} />
      </div>
      <p className="mt-6 text-center text-slate-600">
        Every account starts on the {free.display_name} plan: {free.request_limit.toLocaleString("en-US")} requests and{" "}
        {formatDataLimit(free.data_limit_bytes)} of data processing per month, no credit card required.
      </p>

      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <PlanCard
          name={starter.display_name}
          tagline="For side projects and first integrations."
          price={starterPrice.price}
          priceNote={starterPrice.note}
          features={[...limitsOf(starter), "Workflow, data-processing and analytics APIs"]}
          cta={{ label: "Get Started", to: checkoutTarget(signedIn, starter, period) }}
        />
        {professional && proPrice && (
          <PlanCard
            name="Professional"
            tagline="For production workloads that grow with you."
            price={proPrice.price}
            priceNote={proPrice.note}
            features={[...limitsOf(professional), "Everything in Starter", `Volume tiers from ${formatVolume(PLANS.professionalTiers[0]?.request_limit ?? 0)} to ${formatVolume(PLANS.professionalTiers.at(-1)?.request_limit ?? 0)} requests`]}
            cta={{
              label: "Get Started",
              to: checkoutTarget(signedIn, professional, period),
            }}
            highlighted
          >
            <VolumeSelect tiers={PLANS.professionalTiers} value={professional.package_name} onChange={setTierName} className="mt-6" showPrices />
          </PlanCard>
        )}
        <PlanCard
          name={enterprise.display_name}
          tagline="For teams with custom volume, security and support needs."
          price="Custom"
          priceNote="tailored to your volume and contract"
          features={[...limitsOf(enterprise), "Everything in Professional", "Custom contract and invoicing"]}
          cta={{ label: "Contact Sales", to: "/contact" }}
        />
      </div>
    </div>
  );
}
