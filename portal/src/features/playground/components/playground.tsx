import { useRef, useState } from "react";
import { env } from "../../../lib/env";
import { useSendRequest } from "../hooks/use-send-request";
import { buildRequest, type RequestErrors } from "../lib/build-request";
import { isBodyEndpoint, type BodyEndpointId } from "../lib/endpoints";
import { exampleBodyText } from "../lib/example-bodies";
import { RequestForm, type RequestFormValues } from "./request-form";
import { ResponsePanel } from "./response-panel";
import { SnippetPanel } from "./snippet-panel";

/** The API the playground calls and the snippets name: the configured gateway, else this site. */
function apiBaseUrl(): string {
  return env.apiBaseUrl || window.location.origin;
}

const exampleBodies = (): Record<BodyEndpointId, string> => ({ create: exampleBodyText("create"), update: exampleBodyText("update") });

/** The API playground: build a workflow request, send it (or simulate it), read the answer and the code. */
export function Playground() {
  const [values, setValues] = useState<Omit<RequestFormValues, "bodyText">>({ endpoint: "list", apiKey: "", workflowId: "" });
  // Create and update keep their own body text, so switching between them loses nothing.
  const [bodies, setBodies] = useState(exampleBodies);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [revealKey, setRevealKey] = useState(false);
  const { state, send } = useSendRequest();
  const responseRef = useRef<HTMLDivElement>(null);

  const bodyText = isBodyEndpoint(values.endpoint) ? bodies[values.endpoint] : "";
  const current = buildRequest({ endpoint: values.endpoint, baseUrl: apiBaseUrl(), workflowId: values.workflowId, bodyText });
  const apiKey = values.apiKey.trim();

  function change({ bodyText: nextBody, ...rest }: Partial<RequestFormValues>) {
    setValues((previous) => ({ ...previous, ...rest }));
    if (nextBody !== undefined && isBodyEndpoint(values.endpoint)) {
      const endpoint = values.endpoint;
      setBodies((previous) => ({ ...previous, [endpoint]: nextBody }));
    }
    // An edited field's error goes away; a changed endpoint starts clean.
    setErrors((previous) => {
      if (rest.endpoint !== undefined) return {};
      return { ...previous, ...(rest.workflowId !== undefined && { workflowId: undefined }), ...(nextBody !== undefined && { body: undefined }) };
    });
  }

  function resetBody() {
    if (!isBodyEndpoint(values.endpoint)) return;
    const endpoint = values.endpoint;
    setBodies((previous) => ({ ...previous, [endpoint]: exampleBodyText(endpoint) }));
    setErrors((previous) => ({ ...previous, body: undefined }));
  }

  async function submit(form: HTMLFormElement) {
    if (!current.ok) {
      setErrors(current.errors);
      const invalid = form.elements.namedItem(current.errors.workflowId !== undefined ? "workflow_id" : "body");
      if (invalid instanceof HTMLElement) invalid.focus();
      return;
    }
    setErrors({});
    const response = await send(current.request, apiKey);
    responseRef.current?.scrollIntoView({ block: "nearest" });
    // A new workflow's id carries over to get, update and delete.
    if (response?.status === 201 && response.workflowId !== null) {
      const created = response.workflowId;
      setValues((previous) => ({ ...previous, workflowId: created }));
    }
  }

  return (
    <div className="grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <RequestForm
        values={{ ...values, bodyText }}
        errors={errors}
        sending={state.status === "sending"}
        onChange={change}
        onResetBody={resetBody}
        onSubmit={(form) => void submit(form)}
      />
      <div className="min-w-0 space-y-12">
        <div ref={responseRef}>
          <ResponsePanel state={state} />
        </div>
        <SnippetPanel current={current} apiKey={apiKey} revealKey={revealKey} onRevealKeyChange={setRevealKey} />
      </div>
    </div>
  );
}
