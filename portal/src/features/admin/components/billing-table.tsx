import { BadgeCheck } from "lucide-react";
import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import type { BillingAction } from "../api/admin-api";
import { formatDay } from "../lib/admin-dates";
import { formatMoney } from "../../../lib/format-money";
import { PAYMENT_STATUS_CLASSES, PAYMENT_STATUS_LABELS } from "../../../lib/status-labels";
import { billingRowActions } from "../lib/billing-display";
import { ScrollTable, TD } from "./admin-panel";

interface BillingTableProps {
  entries: AdminBillingEntry[];
  /** The payment an action is running on: its buttons are disabled. */
  busyId: string | null;
  /** Opens the action's confirmation (nothing runs without one). */
  onAction: (entry: AdminBillingEntry, action: Exclude<BillingAction, "refund">) => void;
  onRefund: (entry: AdminBillingEntry) => void;
}

function RowActions({ entry, busy, onAction, onRefund }: { entry: AdminBillingEntry; busy: boolean } & Pick<BillingTableProps, "onAction" | "onRefund">) {
  const actions = billingRowActions(entry);
  const invoice = entry.invoice;
  return (
    <div className="flex flex-col items-stretch gap-2">
      {actions.complete && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAction(entry, "complete")} aria-label={`Mark complete ${invoice}`}>
          Mark Complete
        </Button>
      )}
      {actions.applyPlan === "complete-and-apply" && (
        <Button size="sm" disabled={busy} onClick={() => onAction(entry, "apply-plan")} aria-label={`Complete & Update Plan ${invoice}`}>
          Complete & Update Plan
        </Button>
      )}
      {actions.applyPlan === "reapply" && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAction(entry, "apply-plan")} aria-label={`Re-apply plan ${invoice}`}>
          Re-apply Plan
        </Button>
      )}
      {actions.refund && (
        <Button size="sm" variant="secondary" className="text-red-700 hover:bg-red-50" disabled={busy} onClick={() => onRefund(entry)} aria-label={`Refund ${invoice}`}>
          Refund
        </Button>
      )}
      {actions.markReviewed && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAction(entry, "mark-reviewed")} aria-label={`Mark reviewed ${invoice}`}>
          Mark Reviewed
        </Button>
      )}
    </div>
  );
}

/** User, Amount, Status, Date, Invoice, Actions; scrolls in its own box on phones. */
export function BillingTable({ entries, busyId, onAction, onRefund }: BillingTableProps) {
  return (
    <ScrollTable label="Billing history" columns={["User", "Amount", "Status", "Date", "Invoice", "Actions"]}>
      {entries.map((entry) => (
        <tr key={entry.id} aria-busy={busyId === entry.id || undefined}>
          <th scope="row" className={`${TD} text-left font-normal`}>
            <span className="block break-all text-slate-900">{entry.user_email ?? entry.user_id}</span>
            {entry.plan && <span className="block text-xs text-slate-600">{entry.plan}</span>}
          </th>
          <td className={`${TD} font-medium whitespace-nowrap text-slate-900`}>{formatMoney(entry.amount, entry.currency)}</td>
          <td className={TD}>
            <span className="flex flex-col items-start gap-1">
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", PAYMENT_STATUS_CLASSES[entry.status])}>{PAYMENT_STATUS_LABELS[entry.status]}</span>
              {entry.review_reason !== null && (
                <>
                  <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", PAYMENT_STATUS_CLASSES.review)}>{PAYMENT_STATUS_LABELS.review}</span>
                  <span className="max-w-56 text-xs break-words text-slate-700">{entry.review_reason}</span>
                </>
              )}
              {entry.processed && (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                  <BadgeCheck aria-hidden className="size-3.5" />
                  Processed
                </span>
              )}
            </span>
          </td>
          <td className={`${TD} whitespace-nowrap text-slate-700`}>{formatDay(entry.date)}</td>
          <td className={`${TD} font-mono text-xs whitespace-nowrap text-slate-900`}>{entry.invoice}</td>
          <td className={TD}>
            <RowActions entry={entry} busy={busyId === entry.id} onAction={onAction} onRefund={onRefund} />
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
