import { useCallback } from "react";
import type { AdminUser } from "../../../../../core/contracts/admin";
import { PaidPeriodList } from "../../../components/billing/paid-period-list";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { ErrorState, LoadingState } from "../../../components/ui/section-states";
import { useRemote } from "../../../hooks/use-remote";
import { getUserTimeline } from "../api/admin-api";

/** An account's paid periods, removed ones included, read-only (decision 0026). */
export function TimelineDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const load = useCallback((signal: AbortSignal) => getUserTimeline(user.id, signal), [user.id]);
  const { state, reload } = useRemote(load);
  return (
    <Dialog title="Paid Periods" description={<p>{user.email}</p>} onClose={onClose} size="lg">
      <div className="mt-4">
        {state.status === "loading" && <LoadingState label="Loading paid periods..." />}
        {state.status === "error" && <ErrorState title="The paid periods could not be loaded." onRetry={() => reload(true)} />}
        {state.status === "ready" && <PaidPeriodList periods={state.data.timeline} emptyText="No paid periods." />}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
