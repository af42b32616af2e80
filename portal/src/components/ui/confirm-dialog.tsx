import { useState, type ReactNode, type RefObject } from "react";
import { Button } from "./button";
import { Dialog, DialogActions } from "./dialog";

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  /** The confirm button's text, and its text while the action runs (e.g. "Delete Key", "Deleting..."). */
  confirmLabel: string;
  busyLabel: string;
  /** "danger" for actions that cannot be undone. */
  variant?: "primary" | "danger";
  /** Runs the action and reports its outcome; the buttons stay disabled until it settles. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
  /** "alertdialog" (the default) gives Cancel the initial focus; "dialog" focuses the first field of `children`. */
  role?: "dialog" | "alertdialog";
  /** Fields between the description and the buttons. */
  children?: ReactNode;
  /** Keeps the confirm button disabled (e.g. until a required acknowledgement is ticked). */
  confirmDisabled?: boolean;
}

/** Asks before an action: Cancel, or the confirm button that runs it. Escape and Close do nothing while it runs. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  variant = "primary",
  onConfirm,
  onClose,
  fallbackFocusRef,
  role = "alertdialog",
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog role={role} title={title} onClose={onClose} busy={busy} fallbackFocusRef={fallbackFocusRef} description={description}>
      {children}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus={role === "alertdialog" ? true : undefined}>
          Cancel
        </Button>
        <Button variant={variant} onClick={() => void confirm()} disabled={busy || confirmDisabled} aria-busy={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
