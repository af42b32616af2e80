import type { BillingHistoryEntry } from "../../../../../core/contracts/billing";
import { findPlan } from "../../../../../core/plans";
import { formatLongDate } from "../../../lib/format-date";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format-money";
import { PAYMENT_STATUS_CLASSES, PAYMENT_STATUS_LABELS } from "../../../lib/status-labels";
import { periodLabel } from "../lib/billing-display";

/** The latest payments (at most 10, newest first), as the server sends them. */
export function BillingHistory({ entries }: { entries: BillingHistoryEntry[] }) {
  return (
    <section aria-labelledby="billing-history">
      <h2 id="billing-history" className="text-xl font-bold text-slate-900">
        Billing History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">No payments yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3 sm:px-4">
                  Invoice
                </th>
                <th scope="col" className="hidden px-3 py-3 sm:table-cell sm:px-4">
                  Date
                </th>
                <th scope="col" className="px-3 py-3 text-right sm:px-4">
                  Amount
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-3 py-3 align-top sm:px-4">
                    <span className="font-mono text-xs break-all text-slate-900 sm:text-sm">{entry.invoice}</span>
                    <span className="mt-0.5 block text-xs text-slate-600 sm:hidden">{formatLongDate(new Date(entry.date))}</span>
                    <span className="mt-0.5 block text-xs text-slate-600">{describePurchase(entry)}</span>
                  </td>
                  <td className="hidden px-3 py-3 align-top text-slate-700 sm:table-cell sm:px-4">{formatLongDate(new Date(entry.date))}</td>
                  <td className="px-3 py-3 text-right align-top font-medium whitespace-nowrap text-slate-900 sm:px-4">{formatMoney(entry.amount, entry.currency)}</td>
                  <td className="px-3 py-3 align-top sm:px-4">
                    <span className={cn("inline-block rounded-full px-2.5 whitespace-nowrap py-0.5 text-xs font-semibold", PAYMENT_STATUS_CLASSES[entry.status])}>{PAYMENT_STATUS_LABELS[entry.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function describePurchase(entry: BillingHistoryEntry): string {
  const plan = entry.plan ? (findPlan(entry.plan)?.display_name ?? entry.plan) : null;
  return [plan, periodLabel(entry.period), entry.payment_method].filter(Boolean).join(" · ");
}
