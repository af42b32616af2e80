import { useState } from "react";
import { toast } from "sonner";
import { KEY_MODES, KEY_PERMISSIONS, PERMISSION_LABELS, type CreateKeyRequest, type CreatedKey, type KeyPermission } from "../../../../../core/contracts/api-keys";
import { RadioCardGroup, SelectField } from "../../../components/ui/choice-fields";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
import { CAP_OPTIONS, MODE_HINTS, MODE_LABELS, type CapChoice } from "../lib/key-display";
import { CREATE_KEY_FIELDS, DEFAULT_CREATE_KEY_VALUES, earliestExpiryDate, validateCreateKey, type CreateKeyFormValues } from "../lib/key-form";
import { API_KEY_MESSAGES } from "../lib/key-messages";
import { failureDescription } from "../../../lib/api-client";

const PERMISSION_HINTS: Record<KeyPermission, string> = {
  read: "GET requests only.",
  write: "Every API operation.",
  admin: "Every operation, plus account settings such as webhook endpoints.",
};

const MODE_OPTIONS = KEY_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode], description: MODE_HINTS[mode] }));
const PERMISSION_OPTIONS = KEY_PERMISSIONS.map((permission) => ({
  value: permission,
  label: PERMISSION_LABELS[permission],
  description: PERMISSION_HINTS[permission],
}));

function isCapChoice(value: string): value is CapChoice {
  return CAP_OPTIONS.some((option) => option.value === value);
}

interface CreateKeyDialogProps {
  createKey: (request: CreateKeyRequest) => Promise<CreatedKey>;
  onCreated: (created: CreatedKey) => void;
  onClose: () => void;
}

/** Name, mode, permission, monthly cap and an optional expiry (SPEC section 5). */
export function CreateKeyDialog({ createKey, onCreated, onClose }: CreateKeyDialogProps) {
  const [values, setValues] = useState<CreateKeyFormValues>(DEFAULT_CREATE_KEY_VALUES);
  const { errors, formRef, clear, submitting, submit } = useFormSubmit(CREATE_KEY_FIELDS, {
    validate: () => validateCreateKey(values, Date.now()),
    send: async (data) => onCreated(await createKey(data)),
    onFailure: (error) => toast.error(API_KEY_MESSAGES.createFailed, { description: failureDescription(error) }),
  });
  const [today] = useState(() => earliestExpiryDate(Date.now()));

  function set<F extends keyof CreateKeyFormValues>(field: F, value: CreateKeyFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }


  return (
    <Dialog title="Create API Key" onClose={onClose} busy={submitting} size="lg">
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        <TextField
          name="name"
          label="Name"
          placeholder="e.g. Production server"
          autoComplete="off"
          maxLength={100}
          data-autofocus
          value={values.name}
          errors={errors.name}
          onChange={(event) => set("name", event.target.value)}
        />
        <RadioCardGroup name="mode" legend="Mode" options={MODE_OPTIONS} value={values.mode} errors={errors.mode} onChange={(mode) => set("mode", mode)} />
        <RadioCardGroup
          name="permission"
          legend="Permission"
          columns={3}
          options={PERMISSION_OPTIONS}
          value={values.permission}
          errors={errors.permission}
          onChange={(permission) => set("permission", permission)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            name="monthly_cap"
            label="Monthly cap"
            options={CAP_OPTIONS}
            hint="Requests this key may make per calendar month (UTC)."
            value={values.monthly_cap}
            errors={errors.monthly_cap}
            onChange={(event) => {
              if (isCapChoice(event.target.value)) set("monthly_cap", event.target.value);
            }}
          />
          <TextField
            name="expires_at"
            type="date"
            label="Expiry date (optional)"
            min={today}
            hint="The key stops working at the end of this day (UTC)."
            value={values.expires_at}
            errors={errors.expires_at}
            onChange={(event) => set("expires_at", event.target.value)}
          />
        </div>
        <FormDialogActions onCancel={onClose} busy={submitting} submitLabel="Create Key" busyLabel="Creating..." />
      </form>
    </Dialog>
  );
}
