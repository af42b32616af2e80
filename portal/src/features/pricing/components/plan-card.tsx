import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

export interface PlanCardProps {
  name: string;
  tagline: string;
  /** The big figure, e.g. "$99" or "Custom". */
  price: string;
  /** Under the price, e.g. "per month, $1,188 billed yearly". */
  priceNote: string;
  features: string[];
  /** A disabled button (the customer's current plan) leads nowhere. */
  cta: { label: string; to: string; disabled?: boolean };
  highlighted?: boolean;
  /** Extra controls between the price and the feature list (the volume selector). */
  children?: ReactNode;
}

export function PlanCard({ name, tagline, price, priceNote, features, cta, highlighted = false, children }: PlanCardProps) {
  const headingId = `plan-${name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex min-w-0 flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8",
        highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
      )}
    >
      {highlighted && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">Recommended</p>
      )}
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {name}
      </h2>
      <p className="mt-2 text-slate-600">{tagline}</p>
      <p className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900">{price}</p>
      <p className="mt-1 text-sm text-slate-600">{priceNote}</p>
      {children}
      <ul className="mt-6 flex-1 space-y-3">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3 text-slate-700">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {cta.disabled ? (
        <Button variant="secondary" size="lg" disabled className="mt-8 w-full">
          {cta.label}
        </Button>
      ) : (
        <ButtonLink to={cta.to} variant={highlighted ? "primary" : "secondary"} size="lg" className="mt-8 w-full">
          {cta.label}
          <span className="sr-only"> with the {name} plan</span>
        </ButtonLink>
      )}
    </article>
  );
}
