import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listAdminBilling, runBillingAction, type BillingAction, type BillingFilter } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";
import { ADMIN_MESSAGES, applyPlanFailure, billingFetchFailure, failureMessage } from "../lib/admin-messages";
import { AdminPanel, RemoteContent } from "./admin-panel";
import { BillingActionDialog, type ConfirmedAction } from "./billing-action-dialog";
import { BillingTable } from "./billing-table";
import { RefundDialog } from "./refund-dialog";

/** What a failed action toasts (SPEC section 8). */
function actionFailure(action: BillingAction, error: unknown): { title: string; description?: string } {
  if (action === "apply-plan") return { title: applyPlanFailure(error) };
  if (action === "refund") return { title: ADMIN_MESSAGES.refundFailed, description: failureMessage(error) };
  return { title: ADMIN_MESSAGES.paymentUpdateFailed, description: failureMessage(error) };
}

const EMPTY_TEXTS: Record<BillingFilter, string> = { all: "No payments yet.", pending: "No pending payments.", review: "No payments to review." };

/**
 * Billing History and Payment Management: the latest 50 payments of every user, the pending ones
 * or the review queue. Every action asks for confirmation first (the server checks the role).
 */
export function BillingPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const [filter, setFilter] = useState<BillingFilter>("all");
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<AdminBillingEntry | null>(null);
  const [confirming, setConfirming] = useState<{ entry: AdminBillingEntry; action: ConfirmedAction } | null>(null);
  const panelRef = useRef<HTMLElement | null>(null);
  const load = useCallback((signal: AbortSignal) => listAdminBilling(filter, signal), [filter]);
  const { state, reload } = useRemote(load, (error) => toast.error(billingFetchFailure(error), { id: "admin-billing" }));
  useReloadOn(version, reload);

  async function run(entry: AdminBillingEntry, action: BillingAction, body: { remarks?: string; confirm_review?: boolean } = {}): Promise<boolean> {
    setBusyId(entry.id);
    try {
      const result = await runBillingAction(entry.id, action, body);
      toast.success(result.message);
      onChanged();
      return true;
    } catch (error) {
      const { title, description } = actionFailure(action, error);
      toast.error(title, description ? { description } : {});
      return false;
    } finally {
      setBusyId(null);
    }
  }

  const counts = state.status === "ready" ? state.data : { pending_count: 0, review_count: 0 };
  const filterButton = (value: BillingFilter, label: string) => (
    <Button variant={filter === value ? "primary" : "secondary"} size="sm" aria-pressed={filter === value} onClick={() => setFilter(value)}>
      {label}
    </Button>
  );
  return (
    <AdminPanel
      id="admin-billing"
      title="Billing History and Payment Management"
      description="The latest 50 payments. Mark pending payments complete, apply the plan a payment bought, refund a recent one, or decide about a payment held for review."
      actions={
        <>
          {filterButton("pending", `Show Pending Only (${counts.pending_count})`)}
          {filterButton("review", `Needs Review (${counts.review_count})`)}
          {filterButton("all", "Show All")}
        </>
      }
    >
      <RemoteContent
        state={state}
        loadingText="Loading billing history..."
        errorText={ADMIN_MESSAGES.billingFetchUnexpected}
        onRetry={() => reload(true)}
        isEmpty={(data) => data.entries.length === 0}
        emptyText={EMPTY_TEXTS[filter]}
      >
        {(data) => (
          <BillingTable entries={data.entries} busyId={busyId} onAction={(entry, action) => setConfirming({ entry, action })} onRefund={(entry) => setRefunding(entry)} />
        )}
      </RemoteContent>
      {confirming && (
        <BillingActionDialog
          entry={confirming.entry}
          action={confirming.action}
          fallbackFocusRef={panelRef}
          onClose={() => setConfirming(null)}
          onConfirm={async (body) => {
            if (await run(confirming.entry, confirming.action, body)) setConfirming(null);
          }}
        />
      )}
      {refunding && (
        <RefundDialog
          entry={refunding}
          onClose={() => setRefunding(null)}
          onConfirm={async (remarks) => {
            if (await run(refunding, "refund", remarks ? { remarks } : {})) setRefunding(null);
          }}
        />
      )}
    </AdminPanel>
  );
}
