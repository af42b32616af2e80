import type { LucideIcon } from "lucide-react";
import type { ComponentType } from "react";

/** One page of the dashboard: its sidebar entry and what it shows. The sections themselves are composed in app/dashboard. */
export interface DashboardSection {
  /** The value of `?section=` (SPEC: /dashboard?section=api-keys). */
  id: string;
  /** The navigation label, the document title and, except on the overview, the page heading. */
  title: string;
  icon: LucideIcon;
  component: ComponentType;
  /** The sidebar's heading above the section; sections of one group are listed together. */
  group?: "Documentation" | "Console" | "Account";
}
