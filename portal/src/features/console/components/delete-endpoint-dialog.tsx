import type { RefObject } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription, isApiError } from "../../../lib/api-client";

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
  async function confirm() {
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
    <ConfirmDialog
      title="Delete webhook endpoint?"
      variant="danger"
      confirmLabel="Delete Endpoint"
      busyLabel="Deleting..."
      onConfirm={confirm}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          <span className="font-mono break-all text-slate-900">{endpoint.url}</span> stops receiving events at once, including retries still due. Its
          delivery log goes with it. This cannot be undone.
        </p>
      }
    />
  );
}
