import { useId } from "react";
import type { Plan } from "../../../../core/contracts/plans";
import { formatUsd } from "../../../../core/plans";
import { cn } from "../../lib/cn";
import { formatVolume } from "../../lib/pricing-model";

/** The Professional card's "Monthly request volume" choice, on the pricing page and the dashboard's plan picker. */
export function VolumeSelect({
  tiers,
  value,
  onChange,
  showPrices = false,
  className,
}: {
  tiers: readonly Pick<Plan, "package_name" | "request_limit" | "monthly_price_cents">[];
  /** The chosen tier's package_name. */
  value: string;
  onChange: (packageName: string) => void;
  /** Each option also names the tier's monthly price. */
  showPrices?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={cn("block text-sm font-semibold text-slate-900", className)}>
        Monthly request volume
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-2 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
      >
        {tiers.map((tier) => (
          <option key={tier.package_name} value={tier.package_name}>
            {formatVolume(tier.request_limit)} requests{showPrices ? ` · ${formatUsd(tier.monthly_price_cents, { wholeDollars: true })}/month` : ""}
          </option>
        ))}
      </select>
    </>
  );
}
