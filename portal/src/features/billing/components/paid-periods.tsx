import type { PaidPeriod } from "../../../../../core/contracts/billing";
import { PaidPeriodList } from "../../../components/billing/paid-period-list";

/** The periods the customer's payments bought, in the order they run. */
export function PaidPeriods({ periods }: { periods: PaidPeriod[] }) {
  return (
    <section aria-labelledby="paid-periods">
      <h2 id="paid-periods" className="text-xl font-bold text-slate-900">
        Paid Periods
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">Each payment buys a period. A renewal follows the time already paid for; a refunded or reversed payment&apos;s period is removed.</p>
      <div className="mt-4">
        <PaidPeriodList periods={periods} emptyText="No paid periods yet." />
      </div>
    </section>
  );
}
