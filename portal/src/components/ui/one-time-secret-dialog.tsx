import { TriangleAlert } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { Dialog, DialogActions } from "./dialog";

interface OneTimeSecretDialogProps {
  title: string;
  /** Why the secret must be copied now: it is never shown again. */
  warning: string;
  /** What the secret belongs to, above it. */
  summary: ReactNode;
  /** The secret's visible label, which also names it. */
  secretLabel: string;
  secret: string;
  testId: string;
  copyLabel: string;
  onCopied: () => void;
  /** What to do with it next, under the copy button. */
  note?: ReactNode;
  onClose: () => void;
}

/**
 * A secret shown this once (an API key, a signing secret). It lives only in the caller's state
 * while this dialog is open; closing it drops the secret for good.
 */
export function OneTimeSecretDialog({ title, warning, summary, secretLabel, secret, testId, copyLabel, onCopied, note, onClose }: OneTimeSecretDialogProps) {
  const secretLabelId = useId();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      description={
        <p className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
          {warning}
        </p>
      }
    >
      {summary}
      <p id={secretLabelId} className="mt-4 text-sm font-medium text-slate-800">
        {secretLabel}
      </p>
      <div className="mt-1.5 rounded-lg border border-slate-300 bg-slate-50 p-3">
        <code aria-labelledby={secretLabelId} data-testid={testId} className="block font-mono text-sm break-all text-slate-900 select-all">
          {secret}
        </code>
      </div>
      <div className="mt-3">
        <CopyButton text={secret} label={copyLabel} tone="light" onCopied={onCopied} />
      </div>
      {note && <p className="mt-4 text-sm text-slate-700">{note}</p>}
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
