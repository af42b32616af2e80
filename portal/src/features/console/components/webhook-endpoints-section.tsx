import { Plus, Webhook } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useNow } from "../../../hooks/use-now";
import type { EndpointWithSecret } from "../api/webhook-endpoints-api";
import { useWebhookEndpoints } from "../hooks/use-webhook-endpoints";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { CreateEndpointDialog } from "./create-endpoint-dialog";
import { DeleteEndpointDialog } from "./delete-endpoint-dialog";
import { EndpointCard } from "./endpoint-card";
import { EndpointSecretDialog } from "./endpoint-secret-dialog";
import { RecoverDialog } from "./recover-dialog";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/section-states";
import { SendTestDialog } from "./send-test-dialog";

/** At most one dialog at a time. A secret exists only while its dialog is open. */
type OpenDialog =
  | { kind: "create" }
  | { kind: "secret"; endpoint: EndpointWithSecret; rotated: boolean }
  | { kind: "rotate"; endpoint: WebhookEndpoint }
  | { kind: "delete"; endpoint: WebhookEndpoint }
  | { kind: "test"; endpoint: WebhookEndpoint }
  | { kind: "recover"; endpoint: WebhookEndpoint };

/** The dashboard's webhook endpoints: create (secret shown once), rotate, delete, send a test event, recover failed deliveries, and each one's delivery log. */
export function WebhookEndpointsSection() {
  const { state, reload, createEndpoint, rotateSecret, setActive, deleteEndpoint, forgetEndpoint } = useWebhookEndpoints();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** The endpoint whose log opens (and reads again) after a test event or a recovery, with a counter that changes each time. */
  const [sent, setSent] = useState<{ endpointId: string; count: number } | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  const now = useNow(30_000);
  const close = () => setDialog(null);
  const openCreate = () => setDialog({ kind: "create" });

  function onCreated(endpoint: EndpointWithSecret) {
    toast.success(CONSOLE_MESSAGES.endpointCreated);
    setDialog({ kind: "secret", endpoint, rotated: false });
  }

  function onRotated(endpoint: EndpointWithSecret) {
    toast.success(CONSOLE_MESSAGES.secretRotated);
    setDialog({ kind: "secret", endpoint, rotated: true });
  }

  function onSent(endpointId: string) {
    setSent((current) => ({ endpointId, count: (current?.count ?? 0) + 1 }));
    close();
  }

  const hasEndpoints = state.status === "ready" && state.data.length > 0;

  return (
    <div ref={sectionRef} tabIndex={-1} className="focus:outline-none">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl leading-relaxed text-slate-600">
          Sluice sends signed event notifications (workflow runs, processing jobs, usage thresholds) to your endpoints, retries failed deliveries and logs
          every attempt. A Live endpoint receives what your live keys do; a Test endpoint only what your test keys do.
        </p>
        {hasEndpoints && (
          <Button onClick={openCreate} className="shrink-0 self-start">
            <Plus aria-hidden className="size-4" />
            Add Endpoint
          </Button>
        )}
      </div>

      <div className="mt-6">
        {state.status === "loading" && <LoadingState label="Loading webhook endpoints..." />}
        {state.status === "error" && <ErrorState title="Your webhook endpoints could not be loaded." onRetry={() => reload(true)} />}
        {state.status === "ready" && state.data.length === 0 && (
          <EmptyState
            icon={<Webhook />}
            title="No webhook endpoints yet"
            actions={
              <>
                <Button onClick={openCreate}>
                  <Plus aria-hidden className="size-4" />
                  Add Endpoint
                </Button>
                <ButtonLink to="/api-docs#webhooks" variant="secondary">
                  How to verify signatures
                </ButtonLink>
              </>
            }
          >
            <p>Add an HTTPS URL to receive events as they happen. You choose which events it gets.</p>
          </EmptyState>
        )}
        {hasEndpoints && (
          <ul className="space-y-4">
            {state.data.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  now={now}
                  testsSent={sent?.endpointId === endpoint.id ? sent.count : 0}
                  setActive={setActive}
                  onSendTest={() => setDialog({ kind: "test", endpoint })}
                  onRecover={() => setDialog({ kind: "recover", endpoint })}
                  onRotate={() => setDialog({ kind: "rotate", endpoint })}
                  onDelete={() => setDialog({ kind: "delete", endpoint })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {dialog?.kind === "create" && <CreateEndpointDialog createEndpoint={createEndpoint} onCreated={onCreated} onClose={close} />}
      {dialog?.kind === "secret" && <EndpointSecretDialog endpoint={dialog.endpoint} rotated={dialog.rotated} onClose={close} />}
      {dialog?.kind === "rotate" && (
        <RotateSecretDialog endpoint={dialog.endpoint} rotateSecret={rotateSecret} onRotated={onRotated} onClose={close} fallbackFocusRef={sectionRef} />
      )}
      {dialog?.kind === "delete" && (
        <DeleteEndpointDialog
          endpoint={dialog.endpoint}
          deleteEndpoint={deleteEndpoint}
          forgetEndpoint={forgetEndpoint}
          onClose={close}
          fallbackFocusRef={sectionRef}
        />
      )}
      {dialog?.kind === "test" && <SendTestDialog endpoint={dialog.endpoint} onSent={() => onSent(dialog.endpoint.id)} onClose={close} />}
      {dialog?.kind === "recover" && <RecoverDialog endpoint={dialog.endpoint} onRecovered={() => onSent(dialog.endpoint.id)} onClose={close} />}
    </div>
  );
}
