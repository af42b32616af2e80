import { useState, type FormEvent } from "react";
import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format-money";

interface RefundDialogProps {
  entry: AdminBillingEntry;
  onClose: () => void;
  /** Requests the refund; the dialog closes when it succeeds. */
  onConfirm: (remarks: string) => Promise<void>;
}

/** Confirms a refund through the payment provider. Cancel has the initial focus. */
export function RefundDialog({ entry, onClose, onConfirm }: RefundDialogProps) {
  const [remarks, setRemarks] = useState("");
  const [refunding, setRefunding] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefunding(true);
    await onConfirm(remarks.trim());
    setRefunding(false);
  }

  return (
    <Dialog
      role="alertdialog"
      title="Refund payment?"
      onClose={onClose}
      busy={refunding}
      description={
        <p>
          {formatMoney(entry.amount, entry.currency)} paid by <span className="font-semibold text-slate-900">{entry.user_email ?? entry.user_id}</span> (
          <span className="font-mono text-xs">{entry.invoice}</span>) is returned through the payment provider. This cannot be undone.
        </p>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="mt-4">
        <TextField name="remarks" label="Remarks (optional)" maxLength={255} value={remarks} onChange={(event) => setRemarks(event.target.value)} />
        <FormDialogActions onCancel={onClose} busy={refunding} submitLabel="Refund Payment" busyLabel="Refunding..." variant="danger" cancelAutofocus />
      </form>
    </Dialog>
  );
}
