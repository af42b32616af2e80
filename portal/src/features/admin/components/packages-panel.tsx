import { useState } from "react";
import { toast } from "sonner";
import type { PackageDefinition } from "../../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listPackages } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { formatMoney } from "../../../lib/format-money";
import { formatDataLimit } from "../../../lib/pricing-model";
import { formatCount, formatLimit } from "../lib/usage-display";
import { AdminPanel, RemoteContent, ScrollTable, TD } from "./admin-panel";
import { PackageEditDialog } from "./package-edit-dialog";


/** The package catalogue; an edit applies on every gateway within a second. */
export function PackagesPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { state, reload } = useRemote(listPackages, (error) => toast.error(ADMIN_MESSAGES.packagesFetchFailed, { id: "admin-packages", description: failureMessage(error) }));
  useReloadOn(version, reload);
  const [editing, setEditing] = useState<PackageDefinition | null>(null);

  return (
    <AdminPanel id="admin-packages" title="Packages" description="The plan catalogue: allowances, rate limits and prices. Changes apply to every account on the package.">
      <RemoteContent
        state={state}
        loadingText="Loading packages..."
        errorText={ADMIN_MESSAGES.packagesFetchFailed}
        onRetry={() => reload(true)}
        isEmpty={(packages) => packages.length === 0}
        emptyText="No packages."
      >
        {(packages) => (
          <ScrollTable label="Package catalogue" columns={["Package", "Requests / month", "Rate / minute", "Data / month", "Price / month", "Status", "Actions"]}>
            {packages.map((plan) => (
              <tr key={plan.package_name}>
                <th scope="row" className={`${TD} text-left font-normal`}>
                  <span className="block font-semibold text-slate-900">{plan.display_name}</span>
                  <code className="block text-xs text-slate-600">{plan.package_name}</code>
                </th>
                <td className={TD}>{formatLimit(plan.request_limit < 0 ? null : plan.request_limit)}</td>
                <td className={TD}>{formatCount(plan.rate_limit_per_minute)}</td>
                <td className={TD}>{formatDataLimit(plan.data_limit_bytes)}</td>
                <td className={TD}>{plan.contact_sales ? "Contact Sales" : formatMoney(plan.monthly_price_cents)}</td>
                <td className={TD}>{plan.is_active ? "Active" : "Inactive"}</td>
                <td className={TD}>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.display_name}`}>
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </RemoteContent>
      {editing && <PackageEditDialog plan={editing} onClose={() => setEditing(null)} onChanged={onChanged} />}
    </AdminPanel>
  );
}
