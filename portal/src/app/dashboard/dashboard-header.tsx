import { Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import type { AuthUser } from "../../../../core/contracts/auth";
import { displayNameOf } from "../../features/auth/lib/account";
import { UserAvatar } from "../../features/dashboard/components/user-avatar";
import type { SidebarControls } from "../../features/dashboard/hooks/use-sidebar";

interface DashboardHeaderProps {
  sidebar: SidebarControls;
  /** The id of the wide screen's sidebar (the drawer is a dialog of its own). */
  sidebarId: string;
  email: string;
  profile: AuthUser["profile"] | null;
}

const SHORTCUT_HINT = "Ctrl+B or ⌘B";

/** The bar above a section: the sidebar (or menu) button, and who is signed in (SPEC: avatar, name, e-mail). */
export function DashboardHeader({ sidebar, sidebarId, email, profile }: DashboardHeaderProps) {
  const name = displayNameOf(profile, email);
  const label = sidebar.isDrawer ? "Open dashboard menu" : sidebar.collapsed ? "Expand sidebar" : "Collapse sidebar";
  const Icon = sidebar.isDrawer ? Menu : sidebar.collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <div className="flex items-center justify-between gap-3 border-b border-slate-200 pb-4">
      <button
        type="button"
        onClick={sidebar.toggle}
        aria-label={label}
        aria-expanded={sidebar.isDrawer ? sidebar.drawerOpen : !sidebar.collapsed}
        aria-controls={sidebar.isDrawer ? undefined : sidebarId}
        aria-haspopup={sidebar.isDrawer ? "dialog" : undefined}
        aria-keyshortcuts="Control+B Meta+B"
        title={`${label} (${SHORTCUT_HINT})`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
      >
        <Icon aria-hidden className="size-5" />
      </button>
      <div className="flex min-w-0 items-center gap-3">
        <div className="min-w-0 text-right">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-600">{email}</p>
        </div>
        <UserAvatar fullName={profile?.full_name ?? null} email={email} avatarUrl={profile?.avatar_url ?? null} />
      </div>
    </div>
  );
}
