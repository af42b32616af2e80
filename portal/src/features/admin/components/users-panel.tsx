import { Search } from "lucide-react";
import { useCallback, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { AdminUser } from "../../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { useRemote } from "../../../hooks/use-remote";
import { listAdminUsers } from "../api/admin-api";
import { useReloadOn } from "../hooks/use-reload-on";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { AdminPanel, RemoteContent } from "./admin-panel";
import { PackageDialog } from "./package-dialog";
import { RoleDialog } from "./role-dialog";
import { TimelineDialog } from "./timeline-dialog";
import { UsersTable } from "./users-table";

const PAGE_SIZE = 20;

type Editing = { kind: "role" | "package" | "timeline"; user: AdminUser } | null;

/** All Users: search, pages, and each account's role and package. */
export function UsersPanel({ version, onChanged }: { version: number; onChanged: () => void }) {
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const load = useCallback((signal: AbortSignal) => listAdminUsers({ search, page, limit: PAGE_SIZE }, signal), [search, page]);
  const { state, reload } = useRemote(load, (error) => toast.error(ADMIN_MESSAGES.usersFetchFailed, { id: "admin-users", description: failureMessage(error) }));
  useReloadOn(version, reload);

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  const pages = state.status === "ready" ? Math.max(1, Math.ceil(state.data.total / PAGE_SIZE)) : 1;
  return (
    <AdminPanel id="admin-users" title="All Users" description="Every account with its role, package, subscription and this month's API usage.">
      <form role="search" aria-label="Users" onSubmit={submitSearch} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="admin-user-search" className="block text-sm font-medium text-slate-800">
            Search users
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Name or e-mail"
            className="mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none sm:text-sm"
          />
        </div>
        <Button type="submit" variant="secondary" className="h-11">
          <Search aria-hidden className="size-4" />
          Search
        </Button>
      </form>
      <div className="mt-4">
        <RemoteContent
          state={state}
          loadingText="Loading users..."
          errorText={ADMIN_MESSAGES.usersFetchFailed}
          onRetry={() => reload(true)}
          isEmpty={(data) => data.users.length === 0}
          emptyText={search ? `No users match “${search}”.` : "No users yet."}
        >
          {(data) => (
            <>
              <UsersTable users={data.users} onChangeRole={(user) => setEditing({ kind: "role", user })} onSetPackage={(user) => setEditing({ kind: "package", user })} onShowTimeline={(user) => setEditing({ kind: "timeline", user })} />
              <nav aria-label="Users pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
                <p aria-live="polite">
                  Page {page} of {pages} · {data.total} {data.total === 1 ? "user" : "users"}
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
                    Previous
                  </Button>
                  <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((current) => current + 1)}>
                    Next
                  </Button>
                </div>
              </nav>
            </>
          )}
        </RemoteContent>
      </div>
      {editing?.kind === "role" && <RoleDialog user={editing.user} onClose={() => setEditing(null)} onChanged={onChanged} />}
      {editing?.kind === "package" && <PackageDialog user={editing.user} onClose={() => setEditing(null)} onChanged={onChanged} />}
      {editing?.kind === "timeline" && <TimelineDialog user={editing.user} onClose={() => setEditing(null)} />}
    </AdminPanel>
  );
}
