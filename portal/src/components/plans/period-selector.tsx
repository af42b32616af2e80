import { BILLING_PERIODS, PERIOD_TERMS, type BillingPeriod } from "../../../../core/plans";
import { cn } from "../../lib/cn";

interface PeriodSelectorProps {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}

/**
 * Billing-period tabs, built as a native radio group so arrow keys and screen readers just work.
 * From 640 px they keep to one line: beside a heading they take their width, the heading wraps.
 */
export function PeriodSelector({ value, onChange }: PeriodSelectorProps) {
  return (
    <fieldset className="grid w-full grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto sm:shrink-0">
      <legend className="sr-only">Billing period</legend>
      {BILLING_PERIODS.map((period) => {
        const { label, discountPercent } = PERIOD_TERMS[period];
        const checked = period === value;
        return (
          <label
            key={period}
            className={cn(
              "flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg px-2 py-2 text-center text-sm font-semibold transition-colors sm:flex-row sm:gap-2 sm:px-4 sm:whitespace-nowrap",
              "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
              checked ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900",
            )}
          >
            <input
              type="radio"
              name="billing-period"
              value={period}
              checked={checked}
              onChange={() => onChange(period)}
              className="sr-only"
            />
            {label}
            {discountPercent > 0 && (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                Save {discountPercent}%
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
