import type { AdminUser } from "../../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { formatDay } from "../lib/admin-dates";
import { formatMoney } from "../../../lib/format-money";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/status-labels";
import { ScrollTable, TD } from "./admin-panel";
import { UsageBar } from "./usage-bar";
import { RoleBadge, UserStatusBadge } from "./user-badges";

interface UsersTableProps {
  users: AdminUser[];
  onChangeRole: (user: AdminUser) => void;
  onSetPackage: (user: AdminUser) => void;
  onShowTimeline: (user: AdminUser) => void;
}

const PERIOD_LABELS = { monthly: "monthly", yearly: "yearly", threeYears: "every 3 years" } as const;

function Subscription({ user }: { user: AdminUser }) {
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-900">{SUBSCRIPTION_STATUS_LABELS[user.subscription_status]}</p>
      {user.amount !== null && user.period && (
        <p className="text-xs whitespace-nowrap text-slate-600">
          {formatMoney(user.amount)} {PERIOD_LABELS[user.period]}
        </p>
      )}
      {user.next_billing_date && <p className="text-xs whitespace-nowrap text-slate-600">Next: {formatDay(user.next_billing_date)}</p>}
    </div>
  );
}

/** User, Role, Package, Subscription, API Usage, Status, and the row's actions; scrolls in its own box on phones. */
export function UsersTable({ users, onChangeRole, onSetPackage, onShowTimeline }: UsersTableProps) {
  return (
    <ScrollTable label="All users" columns={["User", "Role", "Package", "Subscription", "API Usage", "Status", "Actions"]} wide>
      {users.map((user) => (
        <tr key={user.id}>
          <th scope="row" className={`${TD} text-left font-normal`}>
            <span className="block font-semibold break-all text-slate-900">{user.full_name ?? user.email.split("@")[0]}</span>
            <span className="block text-xs break-all text-slate-600">{user.email}</span>
          </th>
          <td className={TD}>
            <RoleBadge role={user.role} />
          </td>
          <td className={TD}>
            <span className="block text-slate-900">{user.package_display_name}</span>
            {user.expires_at && <span className="block text-xs whitespace-nowrap text-slate-600">Expires {formatDay(user.expires_at)}</span>}
          </td>
          <td className={TD}>
            <Subscription user={user} />
          </td>
          <td className={TD}>
            <UsageBar usage={user.usage} limit={user.limit} />
          </td>
          <td className={TD}>
            <UserStatusBadge status={user.status_badge} />
          </td>
          <td className={TD}>
            <div className="flex flex-col gap-2">
              <Button variant="secondary" size="sm" onClick={() => onChangeRole(user)} aria-label={`Change role of ${user.email}`}>
                Change Role
              </Button>
              <Button variant="secondary" size="sm" onClick={() => onSetPackage(user)} aria-label={`Set package of ${user.email}`}>
                Set Package
              </Button>
              <Button variant="secondary" size="sm" onClick={() => onShowTimeline(user)} aria-label={`Paid periods of ${user.email}`}>
                Paid Periods
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
