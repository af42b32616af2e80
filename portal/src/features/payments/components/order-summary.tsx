import { Check } from "lucide-react";
import type { CheckoutQuote } from "../../../../../core/contracts/checkout";
import type { Plan } from "../../../../../core/contracts/plans";
import { formatLongDate } from "../../../lib/format-date";
import { PERIOD_TERMS, UNLIMITED, formatUsd, type BillingPeriod } from "../../../../../core/plans";

const INCLUDED = ["30-day money-back guarantee", "Cancel anytime", "24/7 support", "Instant activation", "Enterprise-grade security"];

/** When the paid period runs, in the customer's words. */
function periodNote(quote: CheckoutQuote): string {
  const until = formatLongDate(new Date(quote.ends_at));
  switch (quote.change) {
    case "downgrade":
      return `${quote.plan_display_name} starts on ${formatLongDate(new Date(quote.starts_at))}, when your ${quote.current_plan_display_name ?? "current"} plan ends, and runs until ${until}.`;
    case "renewal":
      return `Extends your ${quote.plan_display_name} plan until ${until}.`;
    case "upgrade":
      return `${quote.plan_display_name} replaces your ${quote.current_plan_display_name ?? "current"} plan as soon as you pay, until ${until}.`;
    case "new":
      return `Active as soon as you pay, until ${until}.`;
  }
}

/** One dt/dd pair in its own div, the only wrapper a <dl> allows (the total carries its own rule above it). */
function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold text-slate-900" : "flex justify-between gap-4 text-sm"}>
      <dt className={strong ? undefined : "text-slate-600"}>{label}</dt>
      <dd className={strong ? "whitespace-nowrap" : "text-right font-medium whitespace-nowrap text-slate-900"}>{value}</dd>
    </div>
  );
}

/**
 * The order as the server prices it for this customer (SPEC: subtotal, tax $0.00, discount
 * $0.00 unless a proration credit applies, total), and when the period starts.
 */
export function OrderSummary({ plan, period, quote }: { plan: Plan; period: BillingPeriod; quote: CheckoutQuote }) {
  const price = plan.prices[period];
  const terms = PERIOD_TERMS[period];
  const periodSaving = price.list_cents - quote.subtotal_cents;
  return (
    <section aria-labelledby="order-summary-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="order-summary-title" className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      <dl className="mt-4 space-y-2">
        <Row label="Plan" value={plan.display_name} />
        <Row label="Requests" value={plan.request_limit === UNLIMITED ? "Unlimited" : `${plan.request_limit.toLocaleString("en-US")} / month`} />
        <Row label="Billing period" value={terms.label} />
        <Row label={`Subtotal (${price.months} × ${formatUsd(plan.monthly_price_cents)})`} value={formatUsd(price.list_cents)} />
        {periodSaving > 0 && <Row label={`${terms.label} saving (${price.discount_percent}%)`} value={`−${formatUsd(periodSaving)}`} />}
        <Row label="Tax" value={formatUsd(0)} />
        {quote.credit_cents > 0 ? (
          <Row label={`Credit for unused ${quote.current_plan_display_name ?? "plan"} time`} value={`−${formatUsd(quote.credit_cents)}`} />
        ) : (
          <Row label="Discount" value={formatUsd(0)} />
        )}
        <Row label="Total" value={`${formatUsd(quote.total_cents)} ${plan.currency}`} strong />
      </dl>
      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{periodNote(quote)}</p>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Included</h3>
      <ul className="mt-2 space-y-1.5">
        {INCLUDED.map((item) => (
          <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
