import { useId, useState } from "react";
import { toast } from "sonner";
import type { CreateWebhookEndpointRequest } from "../../../../../core/contracts/webhook-endpoints";
import { WEBHOOK_EVENT_TYPES } from "../../../../../core/contracts/webhook-events";
import { RadioCardGroup } from "../../../components/ui/choice-fields";
import { Dialog, FormDialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
import type { EndpointWithSecret } from "../api/webhook-endpoints-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { DEFAULT_ENDPOINT_VALUES, ENDPOINT_FIELDS, toggleEvent, validateEndpointForm, type EndpointFormValues, type EventFilter } from "../lib/endpoint-form";
import { ALL_EVENTS, ALL_EVENTS_LABEL, ENDPOINT_MODE_HINTS, ENDPOINT_MODE_LABELS, type EndpointMode } from "../lib/webhook-display";

const EVENT_CHOICES: ReadonlyArray<{ value: EventFilter; label: string }> = [
  { value: ALL_EVENTS, label: `${ALL_EVENTS_LABEL} (including types added later)` },
  ...WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type })),
];

const MODE_CHOICES: ReadonlyArray<{ value: EndpointMode; label: string; description: string }> = (["live", "test"] as const).map((mode) => ({
  value: mode,
  label: ENDPOINT_MODE_LABELS[mode],
  description: ENDPOINT_MODE_HINTS[mode],
}));

interface CreateEndpointDialogProps {
  createEndpoint: (request: CreateWebhookEndpointRequest, mode: EndpointMode) => Promise<EndpointWithSecret>;
  onCreated: (endpoint: EndpointWithSecret) => void;
  onClose: () => void;
}

/** URL, the events it receives, a description and its mode (live unless chosen); checked with the contract's schema before sending. */
export function CreateEndpointDialog({ createEndpoint, onCreated, onClose }: CreateEndpointDialogProps) {
  const eventsErrorId = useId();
  const [values, setValues] = useState<EndpointFormValues>(DEFAULT_ENDPOINT_VALUES);
  // Not part of the request body: a test endpoint is asked for with ?mode=test.
  const [mode, setMode] = useState<EndpointMode>("live");
  const { errors, formRef, clear, submitting, submit } = useFormSubmit(ENDPOINT_FIELDS, {
    validate: () => validateEndpointForm(values),
    send: async (request) => onCreated(await createEndpoint(request, mode)),
    onFailure: (error) => toast.error(CONSOLE_MESSAGES.endpointCreateFailed, { description: failureDescription(error) }),
  });

  function set<F extends keyof EndpointFormValues>(field: F, value: EndpointFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  const eventErrors = errors.events ?? [];
  return (
    <Dialog title="Add Webhook Endpoint" onClose={onClose} busy={submitting} size="lg">
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        <TextField
          name="url"
          type="url"
          label="Endpoint URL"
          placeholder="https://example.com/webhooks/sluice"
          autoComplete="off"
          inputMode="url"
          data-autofocus
          value={values.url}
          errors={errors.url}
          hint="Sluice POSTs each event here as JSON, signed with the endpoint's secret."
          onChange={(event) => set("url", event.target.value)}
        />
        <RadioCardGroup name="mode" legend="Mode" options={MODE_CHOICES} value={mode} onChange={setMode} />
        <fieldset aria-describedby={eventErrors.length > 0 ? eventsErrorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events to send</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
            {EVENT_CHOICES.map((choice) => (
              <label key={choice.value} className="flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 sm:first:col-span-2">
                <input
                  type="checkbox"
                  name="events"
                  value={choice.value}
                  checked={values.events.includes(choice.value)}
                  onChange={(event) => set("events", toggleEvent(values.events, choice.value, event.target.checked))}
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                />
                <span className={choice.value === ALL_EVENTS ? "text-sm font-semibold text-slate-900" : "font-mono text-sm break-all text-slate-900"}>{choice.label}</span>
              </label>
            ))}
          </div>
          {eventErrors.length > 0 && (
            <p id={eventsErrorId} className="mt-1.5 text-sm text-red-700">
              {eventErrors.join(" ")}
            </p>
          )}
        </fieldset>
        <TextField
          name="description"
          label="Description (optional)"
          placeholder="e.g. Production order service"
          autoComplete="off"
          maxLength={500}
          value={values.description}
          errors={errors.description}
          onChange={(event) => set("description", event.target.value)}
        />
        <FormDialogActions onCancel={onClose} busy={submitting} submitLabel="Add Endpoint" busyLabel="Adding..." />
      </form>
    </Dialog>
  );
}
