import type { RefObject } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { EndpointWithSecret } from "../api/webhook-endpoints-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";

interface RotateSecretDialogProps {
  endpoint: WebhookEndpoint;
  rotateSecret: (id: string) => Promise<EndpointWithSecret>;
  onRotated: (endpoint: EndpointWithSecret) => void;
  onClose: () => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Confirms, then replaces the signing secret; the new one is shown once by the caller. Cancel has the initial focus. */
export function RotateSecretDialog({ endpoint, rotateSecret, onRotated, onClose, fallbackFocusRef }: RotateSecretDialogProps) {
  async function confirm() {
    try {
      onRotated(await rotateSecret(endpoint.id));
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.secretRotateFailed, { description: failureDescription(error) });
    }
  }

  return (
    <ConfirmDialog
      title="Rotate signing secret?"
      confirmLabel="Rotate Secret"
      busyLabel="Rotating..."
      onConfirm={confirm}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          A new secret replaces the one of <span className="font-mono break-all text-slate-900">{endpoint.url}</span>. For 24 hours deliveries carry
          signatures made with both, so you can switch your verification without missing events.
        </p>
      }
    />
  );
}
