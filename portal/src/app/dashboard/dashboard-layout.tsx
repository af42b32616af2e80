import { Suspense, useId } from "react";
import { useAuth } from "../../features/auth/auth-context";
import { useSignOut } from "../../features/auth/hooks/use-sign-out";
import { displayNameOf } from "../../features/auth/lib/account";
import { SidebarDrawer } from "../../features/dashboard/components/sidebar-drawer";
import { SidebarNav } from "../../features/dashboard/components/sidebar-nav";
import { useFocusOnChange } from "../../features/dashboard/hooks/use-focus-on-change";
import { useSidebar } from "../../features/dashboard/hooks/use-sidebar";
import type { DashboardSection } from "../../features/dashboard/lib/dashboard-section";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { cn } from "../../lib/cn";
import { DashboardHeader } from "./dashboard-header";
import { OVERVIEW, SECTIONS } from "./dashboard-sections";

/**
 * The dashboard's frame (SPEC): a collapsible sidebar 16rem wide (icons only when collapsed,
 * Ctrl/Cmd+B), a drawer below 768 px, the header with the signed-in user, and the section.
 */
export function DashboardLayout({ section }: { section: DashboardSection }) {
  const { user, profile } = useAuth();
  const { signOut, signingOut } = useSignOut();
  const sidebar = useSidebar();
  const sidebarId = useId();
  const email = user?.email ?? "";
  const heading = section === OVERVIEW ? `Welcome, ${user ? displayNameOf(profile, email) : "there"}` : section.title;
  useDocumentTitle(section === OVERVIEW ? "Dashboard" : `${section.title} · Dashboard`);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(section.id);
  const Section = section.component;

  const nav = (collapsed: boolean) => (
    <SidebarNav
      sections={SECTIONS}
      currentId={section.id}
      collapsed={collapsed}
      onLogout={() => void signOut()}
      signingOut={signingOut}
    />
  );

  return (
    <div className="flex">
      <div
        id={sidebarId}
        data-state={sidebar.collapsed ? "collapsed" : "expanded"}
        className={cn(
          "sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 overflow-y-auto border-r border-slate-200 bg-white transition-[width] duration-200 md:block",
          sidebar.collapsed ? "w-16" : "w-64",
        )}
      >
        {nav(sidebar.collapsed)}
      </div>
      <SidebarDrawer open={sidebar.isDrawer && sidebar.drawerOpen} onClose={() => sidebar.setDrawerOpen(false)}>
        {nav(false)}
      </SidebarDrawer>

      <div className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <DashboardHeader sidebar={sidebar} sidebarId={sidebarId} email={email} profile={profile} />
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">Dashboard</p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900 focus:outline-none sm:text-4xl"
          >
            {heading}
          </h1>
          <div className="mt-6">
            <Suspense fallback={<SectionLoading />}>
              <Section />
            </Suspense>
          </div>
        </div>
      </div>
    </div>
  );
}

function SectionLoading() {
  return (
    <div>
      <p role="status" className="text-sm text-slate-600">
        Loading...
      </p>
      <div aria-hidden className="mt-4 h-40 animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}
