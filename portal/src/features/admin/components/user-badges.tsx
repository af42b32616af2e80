import type { AdminUser } from "../../../../../core/contracts/admin";
import { cn } from "../../../lib/cn";

const STATUS_CLASSES: Record<AdminUser["status_badge"], string> = {
  "Expiring Soon": "bg-yellow-100 text-yellow-900",
  Active: "bg-green-100 text-green-800",
  Expired: "bg-red-100 text-red-800",
  "Free Plan": "bg-slate-100 text-slate-800",
};

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

/** SPEC "Admin Status badge": Expiring Soon, Active, Expired or Free Plan, as the server derives it. */
export function UserStatusBadge({ status }: { status: AdminUser["status_badge"] }) {
  return <span className={cn(BADGE, STATUS_CLASSES[status])}>{status}</span>;
}

export function RoleBadge({ role }: { role: AdminUser["role"] }) {
  return <span className={cn(BADGE, role === "admin" ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-800")}>{role === "admin" ? "Admin" : "User"}</span>;
}
