import { AlertTriangle } from "lucide-react";
import { useCallback, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { AdminUser } from "../../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/choice-fields";
import { TextField } from "../../../components/ui/form-field";
import { useFieldErrors } from "../../../hooks/use-field-errors";
import { isApiError } from "../../../lib/api-client";
import { fieldErrorsFromDetails } from "../../../lib/form-errors";
import { setUsage } from "../api/admin-api";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { ENDPOINT_OPTIONS, parseCount, parseUsageForm, USAGE_FIELDS, type UsageField } from "../lib/usage-form";
import { EXCEEDS_LIMIT_WARNING, exceedsLimit, formatCount, formatLimit, remainingRequests } from "../lib/usage-display";
import { AdminPanel } from "./admin-panel";
import { UserPicker } from "./user-picker";

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-2 py-2 sm:px-3">
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-sm font-semibold break-all text-slate-900 sm:text-base">{value}</dd>
    </div>
  );
}

/** Add API Usage: sets a user's request count for an endpoint category today; the gateway enforces it on the next call. */
export function AddUsageForm({ version, onChanged }: { version: number; onChanged: () => void }) {
  const [user, setUser] = useState<AdminUser | null>(null);
  const [endpoint, setEndpoint] = useState("");
  const [count, setCount] = useState("");
  const [saving, setSaving] = useState(false);
  const { errors, formRef, show, clear } = useFieldErrors<UsageField>(USAGE_FIELDS);
  const selectUser = useCallback(
    (next: AdminUser | null) => {
      setUser(next);
      clear("user_id");
    },
    [clear],
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseUsageForm({ userId: user?.id ?? "", endpoint, count });
    if (!parsed.ok) {
      show(parsed.errors);
      const missing = Object.values(parsed.errors).some((messages) => messages?.includes(ADMIN_MESSAGES.requiredFields));
      if (missing) toast.error(ADMIN_MESSAGES.requiredFields);
      return;
    }
    setSaving(true);
    try {
      const result = await setUsage(parsed.data);
      toast.success(ADMIN_MESSAGES.usageAdded, { description: result.message });
      setCount("");
      onChanged();
    } catch (error) {
      if (isApiError(error)) show(fieldErrorsFromDetails(error.details, USAGE_FIELDS));
      toast.error(ADMIN_MESSAGES.usageFailed, { description: failureMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const limit = user?.limit ?? null;
  const overLimit = user !== null && exceedsLimit(parseCount(count), limit);
  const remaining = user ? remainingRequests(user.usage, limit) : null;
  return (
    <AdminPanel id="admin-add-usage" title="Add API Usage" description="Sets the user's request count for one endpoint today (UTC). It counts against their monthly allowance from the next call.">
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 lg:grid-cols-2 lg:gap-x-6">
        <UserPicker selected={user} onSelect={selectUser} errors={errors.user_id} version={version} />
        <div className="space-y-4">
          <SelectField
            name="endpoint"
            label="Endpoint"
            options={ENDPOINT_OPTIONS}
            value={endpoint}
            errors={errors.endpoint}
            onChange={(event) => {
              setEndpoint(event.target.value);
              clear("endpoint");
            }}
          />
          <TextField
            name="request_count"
            label="Request count"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={count}
            errors={errors.request_count}
            onChange={(event) => {
              setCount(event.target.value);
              clear("request_count");
            }}
          />
        </div>
        {user && (
          <dl aria-label="Selected user's usage" className="grid grid-cols-3 gap-2 lg:col-span-2">
            <Figure term="Current usage" value={formatCount(user.usage)} />
            <Figure term="Package limit" value={formatLimit(limit)} />
            <Figure term="Remaining" value={remaining === null ? "Unlimited" : formatCount(remaining)} />
          </dl>
        )}
        <p aria-live="polite" className="lg:col-span-2">
          {overLimit && (
            <span className="flex items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {EXCEEDS_LIMIT_WARNING}
            </span>
          )}
        </p>
        <div className="lg:col-span-2">
          <Button type="submit" disabled={saving} aria-busy={saving} className="w-full sm:w-auto">
            {saving ? "Adding..." : "Add Usage"}
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}
