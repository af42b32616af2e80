import { useState, type RefObject } from "react";
import { toast } from "sonner";
import type { ApiKey } from "../../../../../core/contracts/api-keys";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { isApiError } from "../../../lib/api-client";
import { API_KEY_MESSAGES, failureDescription } from "../lib/key-messages";

interface DeleteKeyDialogProps {
  keyItem: ApiKey;
  deleteKey: (id: string) => Promise<void>;
  /** The server no longer has the key (404): drop it from the list. */
  forgetKey: (id: string) => void;
  onClose: () => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Confirms, then deletes; the key stops working at once. Cancel has the initial focus. */
export function DeleteKeyDialog({ keyItem, deleteKey, forgetKey, onClose, fallbackFocusRef }: DeleteKeyDialogProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteKey(keyItem.id);
      toast.success(API_KEY_MESSAGES.deleted, { description: `“${keyItem.name}” no longer works.` });
    } catch (error) {
      if (isApiError(error) && error.status === 404) forgetKey(keyItem.id);
      toast.error(API_KEY_MESSAGES.deleteFailed, { description: failureDescription(error) });
    }
    onClose();
  }

  return (
    <Dialog
      role="alertdialog"
      title="Delete API key?"
      onClose={onClose}
      busy={deleting}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          <span className="font-semibold text-slate-900">{keyItem.name}</span> (<code className="font-mono text-xs break-all">{keyItem.masked}</code>) stops
          working immediately: requests made with it are refused. This cannot be undone.
        </p>
      }
    >
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={deleting} aria-busy={deleting}>
          {deleting ? "Deleting..." : "Delete Key"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
