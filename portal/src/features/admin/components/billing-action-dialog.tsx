import { useState, type RefObject } from "react";
import type { AdminBillingEntry } from "../../../../../core/contracts/admin-billing";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { CheckboxField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format-money";
import { BILLING_ACTION_TEXTS, REAPPLY_TEXTS } from "../lib/billing-display";

export type ConfirmedAction = keyof typeof BILLING_ACTION_TEXTS;

interface BillingActionDialogProps {
  entry: AdminBillingEntry;
  action: ConfirmedAction;
  onClose: () => void;
  /** Runs the action (with the review acknowledged when the payment is in review); the dialog closes when it succeeds. */
  onConfirm: (body: { confirm_review?: boolean }) => Promise<void>;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/**
 * Asks before every admin payment action. A payment in the review queue shows why it is there,
 * and completing it needs the administrator to tick that they checked it with the provider.
 */
export function BillingActionDialog({ entry, action, onClose, onConfirm, fallbackFocusRef }: BillingActionDialogProps) {
  const [checked, setChecked] = useState(false);
  const texts = action === "apply-plan" && entry.status === "completed" ? REAPPLY_TEXTS : BILLING_ACTION_TEXTS[action];
  const reason = entry.review_reason;
  const needsAcknowledgement = reason !== null && action !== "mark-reviewed";
  return (
    <ConfirmDialog
      title={texts.title}
      confirmLabel={texts.confirm}
      busyLabel={texts.busy}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      confirmDisabled={needsAcknowledgement && !checked}
      onConfirm={() => onConfirm(reason !== null ? { confirm_review: true } : {})}
      description={
        <p>
          {formatMoney(entry.amount, entry.currency)} from <span className="font-semibold text-slate-900">{entry.user_email ?? entry.user_id}</span> (
          <span className="font-mono text-xs">{entry.invoice}</span>) {texts.consequence}
        </p>
      }
    >
      {reason !== null && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="note">
          <p className="font-semibold">Held for review</p>
          <p className="mt-1 break-words">{reason}</p>
        </div>
      )}
      {needsAcknowledgement && (
        <CheckboxField
          className="mt-4"
          name="confirm_review"
          label="I checked this payment with the payment provider and want to complete it anyway."
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
        />
      )}
    </ConfirmDialog>
  );
}
