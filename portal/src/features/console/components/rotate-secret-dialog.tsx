import { useState, type RefObject } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import type { EndpointWithSecret } from "../api/webhook-endpoints-api";
import { CONSOLE_MESSAGES, failureDescription } from "../lib/console-messages";

interface RotateSecretDialogProps {
  endpoint: WebhookEndpoint;
  rotateSecret: (id: string) => Promise<EndpointWithSecret>;
  onRotated: (endpoint: EndpointWithSecret) => void;
  onClose: () => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Confirms, then replaces the signing secret; the new one is shown once by the caller. Cancel has the initial focus. */
export function RotateSecretDialog({ endpoint, rotateSecret, onRotated, onClose, fallbackFocusRef }: RotateSecretDialogProps) {
  const [rotating, setRotating] = useState(false);

  async function confirm() {
    setRotating(true);
    try {
      onRotated(await rotateSecret(endpoint.id));
    } catch (error) {
      setRotating(false);
      toast.error(CONSOLE_MESSAGES.secretRotateFailed, { description: failureDescription(error) });
    }
  }

  return (
    <Dialog
      role="alertdialog"
      title="Rotate signing secret?"
      onClose={onClose}
      busy={rotating}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          A new secret replaces the one of <span className="font-mono break-all text-slate-900">{endpoint.url}</span>. For 24 hours deliveries carry
          signatures made with both, so you can switch your verification without missing events.
        </p>
      }
    >
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={rotating} data-autofocus>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={rotating} aria-busy={rotating}>
          {rotating ? "Rotating..." : "Rotate Secret"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
