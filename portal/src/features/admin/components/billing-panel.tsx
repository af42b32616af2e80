import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listAdminBilling, runBillingAction, type BillingAction } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";
import { ADMIN_MESSAGES, applyPlanFailure, billingFetchFailure, failureMessage } from "../lib/admin-messages";
import { AdminPanel, RemoteContent } from "./admin-panel";
import { BillingTable } from "./billing-table";
import { RefundDialog } from "./refund-dialog";

/** What a failed action toasts (SPEC section 8). */
function actionFailure(action: BillingAction, error: unknown): { title: string; description?: string } {
  if (action === "apply-plan") return { title: applyPlanFailure(error) };
  if (action === "refund") return { title: ADMIN_MESSAGES.refundFailed, description: failureMessage(error) };
  return { title: ADMIN_MESSAGES.paymentUpdateFailed, description: failureMessage(error) };
}

/** Billing History and Payment Management: the latest 50 payments of every user, or only the pending ones. */
export function BillingPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const [pendingOnly, setPendingOnly] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<AdminBillingEntry | null>(null);
  const load = useCallback((signal: AbortSignal) => listAdminBilling(pendingOnly, signal), [pendingOnly]);
  const { state, reload } = useRemote(load, (error) => toast.error(billingFetchFailure(error), { id: "admin-billing" }));
  useReloadOn(version, reload);

  async function run(entry: AdminBillingEntry, action: BillingAction, body: { remarks?: string } = {}): Promise<boolean> {
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

  const pendingCount = state.status === "ready" ? state.data.pending_count : 0;
  return (
    <AdminPanel
      id="admin-billing"
      title="Billing History and Payment Management"
      description="The latest 50 payments. Mark pending payments complete, apply the plan a payment bought, or refund a recent one."
      actions={
        <>
          <Button variant={pendingOnly ? "primary" : "secondary"} size="sm" aria-pressed={pendingOnly} onClick={() => setPendingOnly(true)}>
            Show Pending Only ({pendingCount})
          </Button>
          <Button variant={pendingOnly ? "secondary" : "primary"} size="sm" aria-pressed={!pendingOnly} onClick={() => setPendingOnly(false)}>
            Show All
          </Button>
        </>
      }
    >
      <RemoteContent
        state={state}
        loadingText="Loading billing history..."
        errorText={ADMIN_MESSAGES.billingFetchUnexpected}
        onRetry={() => reload(true)}
        isEmpty={(data) => data.entries.length === 0}
        emptyText={pendingOnly ? "No pending payments." : "No payments yet."}
      >
        {(data) => (
          <BillingTable
            entries={data.entries}
            busyId={busyId}
            onAction={(entry, action) => void run(entry, action)}
            onRefund={(entry) => setRefunding(entry)}
          />
        )}
      </RemoteContent>
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
