import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { AdminUser } from "../../../../../core/contracts/admin";
import { ROLES, type Role } from "../../../../../core/contracts/auth";
import { SelectField } from "../../../components/ui/choice-fields";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { setUserRole } from "../api/admin-api";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role === "admin" ? "Admin" : "User" }));

interface RoleDialogProps {
  user: AdminUser;
  onClose: () => void;
  onChanged: () => void;
}

/** Changes an account's role; the server refuses an administrator's own. */
export function RoleDialog({ user, onClose, onChanged }: RoleDialogProps) {
  const [role, setRole] = useState<Role>(user.role);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      const result = await setUserRole(user.id, role);
      toast.success(result.message);
      onChanged();
      onClose();
    } catch (error) {
      toast.error(ADMIN_MESSAGES.roleFailed, { description: failureMessage(error) });
      setSaving(false);
    }
  }

  return (
    <Dialog title="Change Role" description={<p>{user.email}</p>} onClose={onClose} busy={saving}>
      <form onSubmit={(event) => void submit(event)} className="mt-4">
        <SelectField name="role" label="Role" options={ROLE_OPTIONS} value={role} onChange={(event) => setRole(event.target.value === "admin" ? "admin" : "user")} />
        <FormDialogActions onCancel={onClose} busy={saving} submitLabel="Save Role" busyLabel="Saving..." submitDisabled={role === user.role} />
      </form>
    </Dialog>
  );
}
