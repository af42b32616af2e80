import { Send } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/form-field";
import type { RequestErrors } from "../lib/build-request";
import { ENDPOINTS, type EndpointId } from "../lib/endpoints";
import { EndpointPicker } from "./endpoint-picker";
import { JsonBodyField } from "./json-body-field";

export interface RequestFormValues {
  endpoint: EndpointId;
  apiKey: string;
  workflowId: string;
  bodyText: string;
}

interface RequestFormProps {
  values: RequestFormValues;
  errors: RequestErrors;
  sending: boolean;
  onChange: (change: Partial<RequestFormValues>) => void;
  onResetBody: () => void;
  onSubmit: (form: HTMLFormElement) => void;
}

/**
 * Endpoint, key, workflow id (get, update, delete) and JSON body (POST and PUT only). The key
 * lives in this form's state alone: a password field, no autocomplete, never in storage or the URL.
 */
export function RequestForm({ values, errors, sending, onChange, onResetBody, onSubmit }: RequestFormProps) {
  const endpoint = ENDPOINTS[values.endpoint];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(event.currentTarget);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="playground-request-title" className="min-w-0 space-y-6">
      <h2 id="playground-request-title" className="text-xl font-semibold text-slate-900">
        Request
      </h2>
      <EndpointPicker value={values.endpoint} onChange={(next) => onChange({ endpoint: next })} />
      <TextField
        name="api_key"
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="sk_test_..."
        value={values.apiKey}
        onChange={(event) => onChange({ apiKey: event.target.value })}
        hint="Optional. Without a key you get a simulated response. The key is only sent with your request and never stored."
      />
      {endpoint.needsId && (
        <TextField
          name="workflow_id"
          label="Workflow id"
          autoComplete="off"
          spellCheck={false}
          placeholder="wf_..."
          value={values.workflowId}
          onChange={(event) => onChange({ workflowId: event.target.value })}
          errors={errors.workflowId === undefined ? [] : [errors.workflowId]}
        />
      )}
      {endpoint.hasBody && (
        <JsonBodyField value={values.bodyText} onChange={(bodyText) => onChange({ bodyText })} onReset={onResetBody} error={errors.body} />
      )}
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        <Send aria-hidden className="size-4" />
        {sending ? "Sending..." : "Send Request"}
      </Button>
    </form>
  );
}
