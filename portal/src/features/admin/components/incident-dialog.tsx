import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { CreateIncidentRequestSchema, INCIDENT_IMPACTS, INCIDENT_STATUSES, type Incident } from "../../../../../core/contracts/admin";
import { SelectField } from "../../../components/ui/choice-fields";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/form-field";
import { createIncident, updateIncident, type IncidentChanges, type NewIncident } from "../api/admin-api";
import { ADMIN_MESSAGES, failureMessage } from "../lib/admin-messages";
import { statusLabel } from "../lib/billing-display";

const STATUS_OPTIONS = INCIDENT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const IMPACT_OPTIONS = INCIDENT_IMPACTS.map((value) => ({ value, label: statusLabel(value) }));

interface IncidentDialogProps {
  /** Absent: a new incident. */
  incident?: Incident;
  onClose: () => void;
  onSaved: () => void;
}

/** Only the fields that differ from the incident as it is. */
function changesOf(values: NewIncident, incident: Incident): IncidentChanges {
  const changes: IncidentChanges = {};
  if (values.title !== incident.title) changes.title = values.title;
  if (values.description !== incident.description) changes.description = values.description;
  if (values.status !== incident.status) changes.status = values.status;
  if (values.impact !== incident.impact) changes.impact = values.impact;
  return changes;
}

/** Creates an incident, or changes one's text, status or impact; /status shows it at once. */
export function IncidentDialog({ incident, onClose, onSaved }: IncidentDialogProps) {
  const [values, setValues] = useState<NewIncident>(() =>
    incident ? { title: incident.title, description: incident.description, status: incident.status, impact: incident.impact } : { title: "", description: "", status: "investigating", impact: "minor" },
  );
  const [titleErrors, setTitleErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateIncidentRequestSchema.safeParse(values);
    if (!parsed.success) {
      setTitleErrors(parsed.error.issues.filter((issue) => issue.path[0] === "title").map((issue) => issue.message));
      event.currentTarget.querySelector<HTMLInputElement>("input[name='title']")?.focus();
      return;
    }
    const changes = incident ? changesOf(parsed.data, incident) : null;
    if (changes && Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      if (incident && changes) await updateIncident(incident.id, changes);
      else await createIncident(parsed.data);
      toast.success(incident ? ADMIN_MESSAGES.incidentUpdated : ADMIN_MESSAGES.incidentCreated);
      onSaved();
      onClose();
    } catch (error) {
      toast.error(ADMIN_MESSAGES.incidentSaveFailed, { description: failureMessage(error) });
      setSaving(false);
    }
  }

  return (
    <Dialog title={incident ? "Edit Incident" : "New Incident"} onClose={onClose} busy={saving} size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          name="title"
          label="Title"
          maxLength={200}
          value={values.title}
          errors={titleErrors}
          onChange={(event) => {
            setValues((current) => ({ ...current, title: event.target.value }));
            setTitleErrors([]);
          }}
        />
        <div>
          <label htmlFor="incident-description" className="block text-sm font-medium text-slate-800">
            Description
          </label>
          <textarea
            id="incident-description"
            name="description"
            rows={4}
            maxLength={5_000}
            value={values.description}
            onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none sm:text-sm"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            value={values.status}
            onChange={(event) => setValues((current) => ({ ...current, status: INCIDENT_STATUSES.find((status) => status === event.target.value) ?? current.status }))}
          />
          <SelectField
            name="impact"
            label="Impact"
            options={IMPACT_OPTIONS}
            value={values.impact}
            onChange={(event) => setValues((current) => ({ ...current, impact: INCIDENT_IMPACTS.find((impact) => impact === event.target.value) ?? current.impact }))}
          />
        </div>
        <FormDialogActions onCancel={onClose} busy={saving} submitLabel={incident ? "Save Incident" : "Create Incident"} busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}
