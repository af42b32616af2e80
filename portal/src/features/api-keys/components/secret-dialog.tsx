import { toast } from "sonner";
import { PERMISSION_LABELS, type CreatedKey } from "../../../../../core/contracts/api-keys";
import { OneTimeSecretDialog } from "../../../components/ui/one-time-secret-dialog";
import { MODE_LABELS, formatCap } from "../lib/key-display";
import { graceLabel } from "../lib/key-form";
import { API_KEY_MESSAGES, SHOW_ONCE_WARNING } from "../lib/key-messages";

export interface RotationNote {
  /** How long the previous key keeps working. */
  graceHours: number;
}

interface SecretDialogProps {
  created: CreatedKey;
  /** Set after a rotation: what happens to the key it replaces. */
  rotation?: RotationNote | undefined;
  onClose: () => void;
}

/** The full key, shown this once. */
export function SecretDialog({ created, rotation, onClose }: SecretDialogProps) {
  const { key, secret } = created;
  return (
    <OneTimeSecretDialog
      title={rotation ? "Your new rotated key" : "Your new API key"}
      warning={SHOW_ONCE_WARNING}
      summary={
        <p className="mt-4 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{key.name}</span> · {MODE_LABELS[key.mode]} · {PERMISSION_LABELS[key.permission]} · Monthly cap:{" "}
          {formatCap(key.monthly_cap)}
        </p>
      }
      secretLabel="API key"
      secret={secret}
      testId="api-key-secret"
      copyLabel="Copy Key"
      onCopied={() => toast.success(API_KEY_MESSAGES.copied)}
      note={
        rotation &&
        (rotation.graceHours > 0
          ? `Your previous key keeps working for ${graceLabel(rotation.graceHours)}, then expires. Update your applications before then.`
          : "Your previous key has stopped working.")
      }
      onClose={onClose}
    />
  );
}
