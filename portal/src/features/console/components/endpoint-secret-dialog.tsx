import { toast } from "sonner";
import { OneTimeSecretDialog } from "../../../components/ui/one-time-secret-dialog";
import type { EndpointWithSecret } from "../api/webhook-endpoints-api";
import { formatAbsoluteTime } from "../lib/console-format";
import { CONSOLE_MESSAGES, SECRET_ONCE_WARNING } from "../lib/console-messages";

interface EndpointSecretDialogProps {
  endpoint: EndpointWithSecret;
  /** After a rotation: the previous secret's signature is still sent for a day. */
  rotated: boolean;
  onClose: () => void;
}

/** The signing secret, shown this once. */
export function EndpointSecretDialog({ endpoint, rotated, onClose }: EndpointSecretDialogProps) {
  return (
    <OneTimeSecretDialog
      title={rotated ? "Your new signing secret" : "Your endpoint's signing secret"}
      warning={SECRET_ONCE_WARNING}
      summary={<p className="mt-4 font-mono text-sm break-all text-slate-700">{endpoint.url}</p>}
      secretLabel="Signing secret"
      secret={endpoint.secret}
      testId="webhook-secret"
      copyLabel="Copy Secret"
      onCopied={() => toast.success(CONSOLE_MESSAGES.secretCopied)}
      note={
        rotated && endpoint.previous_secret_expires_at
          ? `Until ${formatAbsoluteTime(endpoint.previous_secret_expires_at)} deliveries are signed with both the previous and the new secret: switch your verification to the new one before then.`
          : "Use it to check the webhook-signature (or X-Webhook-Signature-256) header of every delivery."
      }
      onClose={onClose}
    />
  );
}
