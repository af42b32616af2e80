import { useState, type RefObject } from "react";
import { toast } from "sonner";
import type { ApiKey, CreatedKey } from "../../../../../core/contracts/api-keys";
import { SelectField } from "../../../components/ui/choice-fields";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DEFAULT_GRACE_HOURS, GRACE_OPTIONS, graceLabel } from "../lib/key-form";
import { API_KEY_MESSAGES } from "../lib/key-messages";
import { failureDescription } from "../../../lib/api-client";

const GRACE_SELECT_OPTIONS = GRACE_OPTIONS.map((option) => ({ value: String(option.hours), label: option.label }));

interface RotateKeyDialogProps {
  keyItem: ApiKey;
  rotateKey: (id: string, graceHours: number) => Promise<CreatedKey>;
  onRotated: (created: CreatedKey, graceHours: number) => void;
  onClose: () => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Explains the grace period, lets the user change it (24 hours by default), then rotates. */
export function RotateKeyDialog({ keyItem, rotateKey, onRotated, onClose, fallbackFocusRef }: RotateKeyDialogProps) {
  const [graceHours, setGraceHours] = useState(DEFAULT_GRACE_HOURS);

  async function confirm() {
    try {
      onRotated(await rotateKey(keyItem.id, graceHours), graceHours);
    } catch (error) {
      toast.error(API_KEY_MESSAGES.rotateFailed, { description: failureDescription(error) });
    }
  }

  return (
    <ConfirmDialog
      role="dialog"
      title="Rotate API key?"
      confirmLabel="Rotate Key"
      busyLabel="Rotating..."
      onConfirm={confirm}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      description={
        <p>
          Rotating <span className="font-semibold text-slate-900">{keyItem.name}</span> creates a new key with the same name, mode, permission and monthly
          cap. The current key keeps working during a grace period, then expires: update your applications before it ends.
        </p>
      }
    >
      <SelectField
        name="grace_hours"
        label="Keep the current key working for"
        className="mt-5"
        options={GRACE_SELECT_OPTIONS}
        value={String(graceHours)}
        onChange={(event) => setGraceHours(Number(event.target.value))}
        hint={graceHours > 0 ? `The current key expires in ${graceLabel(graceHours)}.` : "The current key stops working immediately."}
      />
    </ConfirmDialog>
  );
}
