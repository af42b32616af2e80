import { useState, type RefObject } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { isApiError } from "../../../lib/api-client";
import { CONSOLE_MESSAGES, failureDescription } from "../lib/console-messages";

interface DeleteEndpointDialogProps {
  endpoint: WebhookEndpoint;
  deleteEndpoint: (id: string) => Promise<void>;
  /** The server no longer has the endpoint (404): drop it from the list. */
  forgetEndpoint: (id: string) => void;
  onClose: () => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Confirms, then deletes: no more events go to the URL. Cancel has the initial focus. */
export function DeleteEndpointDialog({ endpoint, deleteEndpoint, forgetEndpoint, onClose, fallbackFocusRef }: DeleteEndpointDialogProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteEndpoint(endpoint.id);
      toast.success(CONSOLE_MESSAGES.endpointDeleted, { description: `No more events go to ${endpoint.url}.` });
    } catch (error) {
      if (isApiError(error) && error.status === 404) forgetEndpoint(endpoint.id);
      toast.error(CONSOLE_MESSAGES.endpointDeleteFailed, { description: failureDescription(error) });
    }
    onClose();
  }

  return (
    <Dialog
      role="alertdialog"
      title="Delete webhook endpoint?"
      onClose={onClose}
      busy={deleting}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          <span className="font-mono break-all text-slate-900">{endpoint.url}</span> stops receiving events at once, including retries still due. Its
          delivery log goes with it. This cannot be undone.
        </p>
      }
    >
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={deleting} aria-busy={deleting}>
          {deleting ? "Deleting..." : "Delete Endpoint"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
