import { Activity, AlertTriangle, Clock, Package, Users, type LucideIcon } from "lucide-react";
import { toast } from "sonner";
import type { AdminStats } from "../../../../../core/contracts/admin";
import { useRemote } from "../../../hooks/use-remote";
import { getAdminStats } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { formatCount } from "../lib/usage-display";
import { RemoteContent } from "./admin-panel";

const CARDS: ReadonlyArray<{ key: keyof AdminStats; title: string; icon: LucideIcon }> = [
  { key: "total_users", title: "Total Users", icon: Users },
  { key: "active_packages", title: "Active Packages", icon: Package },
  { key: "total_requests", title: "Total Requests", icon: Activity },
  { key: "expiring_soon", title: "Expiring Soon", icon: Clock },
  { key: "pending_payments", title: "Pending Payments", icon: AlertTriangle },
];

/** The five stat cards; `version` changes after any admin action, to count again. */
export function StatCards({ version }: { version: number }) {
  const { state, reload } = useRemote(getAdminStats, (error) => toast.error(ADMIN_MESSAGES.statsFetchFailed, { id: "admin-stats", description: failureMessage(error) }));
  useReloadOn(version, reload);
  return (
    <section aria-label="Statistics">
      <RemoteContent
        state={state}
        loadingText="Loading statistics..."
        errorText={ADMIN_MESSAGES.statsFetchFailed}
        onRetry={() => reload(true)}
        isEmpty={() => false}
        emptyText=""
      >
        {(stats) => (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            {CARDS.map(({ key, title, icon: Icon }) => (
              <li key={key} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm last:col-span-2 sm:p-4 md:last:col-span-1">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-medium text-slate-600">{title}</h3>
                  <Icon aria-hidden className="size-5 text-brand-700" />
                </div>
                <p className="mt-2 text-2xl font-bold text-slate-900">{formatCount(stats[key])}</p>
              </li>
            ))}
          </ul>
        )}
      </RemoteContent>
    </section>
  );
}
