import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { CopyButton } from "../../../components/ui/copy-button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import type { EndpointWithSecret } from "../api/webhook-endpoints-api";
import { formatAbsoluteTime } from "../lib/console-format";
import { CONSOLE_MESSAGES, SECRET_ONCE_WARNING } from "../lib/console-messages";

interface EndpointSecretDialogProps {
  endpoint: EndpointWithSecret;
  /** After a rotation: the previous secret's signature is still sent for a day. */
  rotated: boolean;
  onClose: () => void;
}

/** The signing secret, shown this once. It lives only in the caller's state while this dialog is open. */
export function EndpointSecretDialog({ endpoint, rotated, onClose }: EndpointSecretDialogProps) {
  const secretLabelId = useId();
  return (
    <Dialog
      title={rotated ? "Your new signing secret" : "Your endpoint's signing secret"}
      onClose={onClose}
      description={
        <p className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
          {SECRET_ONCE_WARNING}
        </p>
      }
    >
      <p className="mt-4 font-mono text-sm break-all text-slate-700">{endpoint.url}</p>
      <p id={secretLabelId} className="mt-4 text-sm font-medium text-slate-800">
        Signing secret
      </p>
      <div className="mt-1.5 rounded-lg border border-slate-300 bg-slate-50 p-3">
        <code aria-labelledby={secretLabelId} data-testid="webhook-secret" className="block font-mono text-sm break-all text-slate-900 select-all">
          {endpoint.secret}
        </code>
      </div>
      <div className="mt-3">
        <CopyButton text={endpoint.secret} label="Copy Secret" tone="light" onCopied={() => toast.success(CONSOLE_MESSAGES.secretCopied)} />
      </div>
      <p className="mt-4 text-sm text-slate-700">
        {rotated && endpoint.previous_secret_expires_at
          ? `Until ${formatAbsoluteTime(endpoint.previous_secret_expires_at)} deliveries are signed with both the previous and the new secret: switch your verification to the new one before then.`
          : "Use it to check the webhook-signature (or X-Webhook-Signature-256) header of every delivery."}
      </p>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
