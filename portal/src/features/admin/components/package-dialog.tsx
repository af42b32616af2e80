import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { AdminUser } from "../../../../../core/contracts/admin";
import { SelectField } from "../../../components/ui/choice-fields";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/form-field";
import { useRemote } from "../../../hooks/use-remote";
import { isApiError } from "../../../lib/api-client";
import { listPackages, setUserPackage } from "../api/admin-api";
import { expiryFromDay } from "../lib/admin-dates";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { formatLimit } from "../lib/usage-display";

interface PackageDialogProps {
  user: AdminUser;
  onClose: () => void;
  onChanged: () => void;
}

/** Puts an account on a package, outside any payment, with an optional expiry day. */
export function PackageDialog({ user, onClose, onChanged }: PackageDialogProps) {
  const { state } = useRemote(listPackages, (error) => toast.error(ADMIN_MESSAGES.packagesFetchFailed, { description: failureMessage(error) }));
  const [packageName, setPackageName] = useState(user.package_name ?? "free");
  const [expiry, setExpiry] = useState(user.expires_at ? user.expires_at.slice(0, 10) : "");
  const [expiryErrors, setExpiryErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setExpiryErrors([]);
    try {
      const result = await setUserPackage(user.id, { package_name: packageName, expires_at: expiryFromDay(expiry) });
      toast.success(result.message);
      onChanged();
      onClose();
    } catch (error) {
      if (isApiError(error)) setExpiryErrors(error.details.filter((detail) => detail.field === "expires_at").map((detail) => detail.message));
      toast.error(ADMIN_MESSAGES.packageUpdateFailed(failureMessage(error)));
      setSaving(false);
    }
  }

  const packages = state.status === "ready" ? state.data : [];
  return (
    <Dialog title="Set Package" description={<p>{user.email}</p>} onClose={onClose} busy={saving}>
      {state.status === "loading" && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading packages...
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {ADMIN_MESSAGES.packagesFetchFailed}
        </p>
      )}
      {state.status === "ready" && (
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
          <SelectField
            name="package_name"
            label="Package"
            value={packageName}
            onChange={(event) => setPackageName(event.target.value)}
            options={packages.map((plan) => ({
              value: plan.package_name,
              label: `${plan.display_name} (${formatLimit(plan.request_limit < 0 ? null : plan.request_limit)} requests)${plan.is_active ? "" : " — inactive"}`,
            }))}
          />
          <TextField
            name="expires_at"
            type="date"
            label="Expires on (optional)"
            hint="Leave empty for no expiry. Ignored for the free package."
            value={expiry}
            errors={expiryErrors}
            onChange={(event) => setExpiry(event.target.value)}
          />
          <FormDialogActions onCancel={onClose} busy={saving} submitLabel="Save Package" busyLabel="Saving..." />
        </form>
      )}
    </Dialog>
  );
}
