import type { RefObject } from "react";
import { toast } from "sonner";
import type { ApiKey } from "../../../../../core/contracts/api-keys";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { API_KEY_MESSAGES } from "../lib/key-messages";
import { failureDescription, isApiError } from "../../../lib/api-client";

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
  async function confirm() {
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
    <ConfirmDialog
      title="Delete API key?"
      variant="danger"
      confirmLabel="Delete Key"
      busyLabel="Deleting..."
      onConfirm={confirm}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          <span className="font-semibold text-slate-900">{keyItem.name}</span> (<code className="font-mono text-xs break-all">{keyItem.masked}</code>) stops
          working immediately: requests made with it are refused. This cannot be undone.
        </p>
      }
    />
  );
}
