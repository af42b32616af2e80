import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { PackageDefinition } from "../../../../../core/contracts/admin";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { CheckboxField, TextField } from "../../../components/ui/form-field";
import { useFieldErrors } from "../../../hooks/use-field-errors";
import { isApiError } from "../../../lib/api-client";
import { fieldErrorsFromDetails } from "../../../lib/form-errors";
import { updatePackage } from "../api/admin-api";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { PACKAGE_FIELDS, packageFormValues, parsePackageForm, type PackageField, type PackageFormValues } from "../lib/package-form";

interface PackageEditDialogProps {
  plan: PackageDefinition;
  onClose: () => void;
  onChanged: () => void;
}

/** Edits one catalogue row; only the changed fields are sent. */
export function PackageEditDialog({ plan, onClose, onChanged }: PackageEditDialogProps) {
  const [values, setValues] = useState<PackageFormValues>(() => packageFormValues(plan));
  const [saving, setSaving] = useState(false);
  const { errors, formRef, show, clear } = useFieldErrors<PackageField>(PACKAGE_FIELDS);

  function set<K extends keyof PackageFormValues>(key: K, field: PackageField, value: PackageFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    clear(field);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parsePackageForm(values, plan);
    if (!parsed.ok) {
      show(parsed.errors);
      return;
    }
    setSaving(true);
    try {
      const saved = await updatePackage(plan.package_name, parsed.data);
      toast.success(ADMIN_MESSAGES.packageSaved(saved.display_name));
      onChanged();
      onClose();
    } catch (error) {
      if (isApiError(error)) show(fieldErrorsFromDetails(error.details, PACKAGE_FIELDS));
      toast.error(ADMIN_MESSAGES.packageSaveFailed, { description: failureMessage(error) });
      setSaving(false);
    }
  }

  return (
    <Dialog title={`Edit ${plan.display_name}`} description={<p>Use -1 for unlimited requests or data.</p>} onClose={onClose} busy={saving} size="lg">
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField className="sm:col-span-2" name="display_name" label="Display name" value={values.display_name} errors={errors.display_name} onChange={(event) => set("display_name", "display_name", event.target.value)} />
        <TextField name="request_limit" type="number" label="Requests per month" value={values.request_limit} errors={errors.request_limit} onChange={(event) => set("request_limit", "request_limit", event.target.value)} />
        <TextField name="rate_limit_per_minute" type="number" min={1} label="Rate limit per minute" value={values.rate_limit_per_minute} errors={errors.rate_limit_per_minute} onChange={(event) => set("rate_limit_per_minute", "rate_limit_per_minute", event.target.value)} />
        <TextField name="data_limit_bytes" type="number" label="Data per month (MB)" value={values.data_limit_mb} errors={errors.data_limit_bytes} onChange={(event) => set("data_limit_mb", "data_limit_bytes", event.target.value)} />
        <TextField name="monthly_price_cents" type="number" min={0} step="0.01" label="Price per month (USD)" value={values.monthly_price} errors={errors.monthly_price_cents} onChange={(event) => set("monthly_price", "monthly_price_cents", event.target.value)} />
        <CheckboxField className="sm:col-span-2" name="is_active" label="Offered to customers (active)" checked={values.is_active} errors={errors.is_active} onChange={(event) => set("is_active", "is_active", event.target.checked)} />
        <div className="sm:col-span-2">
          <FormDialogActions onCancel={onClose} busy={saving} submitLabel="Save Package" busyLabel="Saving..." />
        </div>
      </form>
    </Dialog>
  );
}
