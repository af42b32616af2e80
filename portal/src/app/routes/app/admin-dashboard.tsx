import { useCallback, useState } from "react";
import { AddUsageForm } from "../../../features/admin/components/add-usage-form";
import { AuditPanel } from "../../../features/admin/components/audit-panel";
import { BillingPanel } from "../../../features/admin/components/billing-panel";
import { CsvExports } from "../../../features/admin/components/csv-exports";
import { IncidentsPanel } from "../../../features/admin/components/incidents-panel";
import { PackagesPanel } from "../../../features/admin/components/packages-panel";
import { StatCards } from "../../../features/admin/components/stat-cards";
import { UsersPanel } from "../../../features/admin/components/users-panel";
import { useAuth } from "../../../features/auth/auth-context";
import { displayNameOf } from "../../../features/auth/lib/account";
import { useDocumentTitle } from "../../../hooks/use-document-title";

/** The administrator dashboard (SPEC section 2): stats, usage, payments, users, catalogue, incidents, audit. */
export function AdminDashboardRoute() {
  const { user, profile } = useAuth();
  useDocumentTitle("Admin");
  // Bumped after any change: every panel loads again (a completed payment changes stats, users and billing).
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((current) => current + 1), []);
  const name = user ? displayNameOf(profile, user.email) : "there";

  return (
    // The site header's width and padding, so the content lines up with it; Sign Out is the header's.
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Administrator dashboard</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl">Welcome, {name}</h1>
          <p className="mt-2 max-w-3xl text-slate-600">Reconcile payments, assign plans, record usage and keep the status page current.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CsvExports />
        </div>
      </header>
      <div className="mt-8 space-y-8">
        <StatCards version={version} />
        <AddUsageForm version={version} onChanged={changed} />
        <BillingPanel version={version} onChanged={changed} />
        <UsersPanel version={version} onChanged={changed} />
        <PackagesPanel version={version} onChanged={changed} />
        <IncidentsPanel />
        <AuditPanel version={version} />
      </div>
    </div>
  );
}
