import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/form-field";
import { failureDescription } from "../../../lib/api-client";
import { countFailedSince, recoverFailedDeliveries } from "../api/webhook-endpoints-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { fromLocalInputValue, toLocalInputValue } from "../lib/webhook-display";

interface RecoverDialogProps {
  endpoint: WebhookEndpoint;
  onRecovered: () => void;
  onClose: () => void;
}

const DAY_MS = 24 * 3_600_000;

/** How many failed deliveries a recovery from the chosen time would send: counted while the time changes. */
type FailedCount = { status: "counting" } | { status: "ready"; count: number } | { status: "error" } | { status: "invalid" };

/** The answer of the last count, for the start time it was asked for. */
interface Counted {
  since: string;
  count: number | "error";
}

function failedCount(sinceIso: string | undefined, counted: Counted | null): FailedCount {
  if (!sinceIso) return { status: "invalid" };
  if (counted?.since !== sinceIso) return { status: "counting" };
  return counted.count === "error" ? { status: "error" } : { status: "ready", count: counted.count };
}

function deliveriesText(count: number): string {
  return count === 1 ? "1 failed delivery" : `${count.toLocaleString()} failed deliveries`;
}

/**
 * Chooses a start time (a day ago unless changed), shows how many deliveries created since then
 * have failed, and sends them all again once confirmed.
 */
export function RecoverDialog({ endpoint, onRecovered, onClose }: RecoverDialogProps) {
  const [since, setSince] = useState(() => toLocalInputValue(new Date(Date.now() - DAY_MS)));
  const [counted, setCounted] = useState<Counted | null>(null);
  const [recovering, setRecovering] = useState(false);
  const sinceIso = fromLocalInputValue(since);
  const failed = failedCount(sinceIso, counted);

  useEffect(() => {
    if (!sinceIso) return;
    const controller = new AbortController();
    countFailedSince(endpoint.id, sinceIso, controller.signal).then(
      (count) => setCounted({ since: sinceIso, count }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setCounted({ since: sinceIso, count: "error" });
        toast.error(CONSOLE_MESSAGES.recoverCountFailed, { id: `recover-count-${endpoint.id}`, description: failureDescription(error) });
      },
    );
    return () => controller.abort();
  }, [endpoint.id, sinceIso]);

  async function recover() {
    if (!sinceIso) return;
    setRecovering(true);
    try {
      const result = await recoverFailedDeliveries(endpoint.id, sinceIso);
      const rest = result.continues_in_background ? " The rest follow in the background." : "";
      toast.success(CONSOLE_MESSAGES.recovered, { description: `${deliveriesText(result.queued)} will be sent again.${rest}` });
      onRecovered();
    } catch (error) {
      setRecovering(false);
      toast.error(CONSOLE_MESSAGES.recoverFailed, { description: failureDescription(error) });
    }
  }

  const count = failed.status === "ready" ? failed.count : 0;
  return (
    <Dialog
      title="Recover failed deliveries"
      onClose={onClose}
      busy={recovering}
      description={
        <p>
          Every delivery to <span className="font-mono break-all text-slate-900">{endpoint.url}</span> created since the time you choose that failed after
          all its retries is sent again: the same event, freshly signed.
        </p>
      }
    >
      <TextField
        name="since"
        type="datetime-local"
        label="Failed since (your local time)"
        className="mt-5"
        value={since}
        max={toLocalInputValue(new Date())}
        onChange={(event) => setSince(event.target.value)}
        errors={failed.status === "invalid" ? ["Choose a date and time."] : undefined}
      />
      <p className="mt-4 text-sm text-slate-800" role="status" aria-live="polite">
        {failed.status === "counting" && "Counting failed deliveries..."}
        {failed.status === "ready" && (count === 0 ? "No delivery has failed since then: there is nothing to recover." : `${deliveriesText(count)} will be sent again.`)}
        {failed.status === "error" && "The failed deliveries could not be counted."}
      </p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={recovering}>
          Cancel
        </Button>
        <Button onClick={() => void recover()} disabled={recovering || count === 0} aria-busy={recovering}>
          {recovering ? "Recovering..." : count > 0 ? `Recover ${deliveriesText(count)}` : "Recover"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
