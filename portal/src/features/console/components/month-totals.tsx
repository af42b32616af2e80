import type { UsageDay } from "../../../../../core/contracts/usage";
import { formatCount } from "../lib/console-format";
import { monthTotals } from "../lib/usage-months";

/** A small table: requests per category over the month's days, and their total. */
export function MonthTotals({ days, month }: { days: readonly UsageDay[]; month: string }) {
  const { rows, total } = monthTotals(days, month);
  return (
    <div className="max-w-lg">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Requests this month per category</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Category
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.category} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-4 font-normal text-slate-800">
                {row.label} <code className="ml-1 font-mono text-xs text-slate-500">{row.category}</code>
              </th>
              <td className="py-2 text-right text-slate-900 tabular-nums">{formatCount(row.requests)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 pr-4 font-semibold text-slate-900">
              Total
            </th>
            <td className="py-2 text-right font-semibold text-slate-900 tabular-nums">{formatCount(total)}</td>
          </tr>
        </tfoot>
      </table>
      {total === 0 && <p className="mt-3 text-sm text-slate-600">No requests yet this month. Calls made with your API keys are counted here.</p>}
    </div>
  );
}
