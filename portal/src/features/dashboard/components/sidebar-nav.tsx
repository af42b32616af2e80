import { LogOut } from "lucide-react";
import { Link } from "react-router-dom";
import { cn } from "../../../lib/cn";
import type { DashboardSection } from "../lib/dashboard-section";

interface SidebarNavProps {
  sections: readonly DashboardSection[];
  currentId: string;
  /** Icons only; the names stay for screen readers and as tooltips. */
  collapsed: boolean;
  onLogout: () => void;
  signingOut: boolean;
}

/** Compact rows (32 px, above the 24 px target size): all fifteen sections and Logout fit 740 px of height. */
const itemClass = "flex min-h-8 w-full items-center gap-3 rounded-lg px-3 py-1 text-sm font-medium transition-colors";

/** The dashboard's sections, grouped as in the registry, and the Logout item. */
export function SidebarNav({ sections, currentId, collapsed, onLogout, signingOut }: SidebarNavProps) {
  const groups = groupSections(sections);
  return (
    <div className="flex min-h-full flex-col gap-3 p-3">
      <nav aria-label="Dashboard" className="space-y-3">
        {groups.map(({ heading, items }, index) => (
          <div key={heading ?? `group-${index}`}>
            {heading && (
              <p className={cn("mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase", collapsed && "sr-only")}>{heading}</p>
            )}
            <ul>
              {items.map((section) => {
                const current = section.id === currentId;
                const Icon = section.icon;
                return (
                  <li key={section.id}>
                    <Link
                      to={{ search: `?section=${section.id}` }}
                      aria-current={current ? "page" : undefined}
                      title={collapsed ? section.title : undefined}
                      className={cn(
                        itemClass,
                        collapsed && "justify-center px-0",
                        current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                      )}
                    >
                      <Icon aria-hidden className="size-4 shrink-0" />
                      <span className={cn("truncate", collapsed && "sr-only")}>{section.title}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="mt-auto border-t border-slate-200 pt-2">
        <button
          type="button"
          onClick={onLogout}
          disabled={signingOut}
          title={collapsed ? "Logout" : undefined}
          className={cn(itemClass, "text-slate-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-60", collapsed && "justify-center px-0")}
        >
          <LogOut aria-hidden className="size-4 shrink-0" />
          <span className={cn(collapsed && "sr-only")}>{signingOut ? "Logging out..." : "Logout"}</span>
        </button>
      </div>
    </div>
  );
}

interface SectionGroup {
  heading: string | undefined;
  items: DashboardSection[];
}

/** Consecutive sections of the same group, in registry order. */
function groupSections(sections: readonly DashboardSection[]): SectionGroup[] {
  const groups: SectionGroup[] = [];
  for (const section of sections) {
    const last = groups[groups.length - 1];
    if (last && last.heading === section.group) last.items.push(section);
    else groups.push({ heading: section.group, items: [section] });
  }
  return groups;
}
