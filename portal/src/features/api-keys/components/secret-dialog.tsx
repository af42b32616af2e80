import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { PERMISSION_LABELS, type CreatedKey } from "../../../../../core/contracts/api-keys";
import { Button } from "../../../components/ui/button";
import { CopyButton } from "../../../components/ui/copy-button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
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

/**
 * The full key, shown this once. The secret lives only in the caller's state while this dialog
 * is open; closing it drops the secret for good.
 */
export function SecretDialog({ created, rotation, onClose }: SecretDialogProps) {
  const secretLabelId = useId();
  const { key, secret } = created;
  return (
    <Dialog
      title={rotation ? "Your new rotated key" : "Your new API key"}
      onClose={onClose}
      description={
        <p className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
          {SHOW_ONCE_WARNING}
        </p>
      }
    >
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{key.name}</span> · {MODE_LABELS[key.mode]} · {PERMISSION_LABELS[key.permission]} · Monthly cap:{" "}
        {formatCap(key.monthly_cap)}
      </p>
      <p id={secretLabelId} className="mt-4 text-sm font-medium text-slate-800">
        API key
      </p>
      <div className="mt-1.5 rounded-lg border border-slate-300 bg-slate-50 p-3">
        <code aria-labelledby={secretLabelId} data-testid="api-key-secret" className="block font-mono text-sm break-all text-slate-900 select-all">
          {secret}
        </code>
      </div>
      <div className="mt-3">
        <CopyButton text={secret} label="Copy Key" tone="light" onCopied={() => toast.success(API_KEY_MESSAGES.copied)} />
      </div>
      {rotation && (
        <p className="mt-4 text-sm text-slate-700">
          {rotation.graceHours > 0
            ? `Your previous key keeps working for ${graceLabel(rotation.graceHours)}, then expires. Update your applications before then.`
            : "Your previous key has stopped working."}
        </p>
      )}
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
