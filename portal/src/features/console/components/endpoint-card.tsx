import { History, KeyRound, Send, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { CardDisclosure } from "./card-disclosure";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { Button } from "../../../components/ui/button";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { ENDPOINT_MODE_LABELS, ENDPOINT_MODE_TONES, eventLabels } from "../lib/webhook-display";
import { DeliveryLog } from "./delivery-log";
import { StatusBadge } from "./status-badge";
import { TimeText } from "./time-text";

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  now: number;
  /** How many test events (or recoveries) were sent to this endpoint: each one opens the log and reads it again. */
  testsSent: number;
  setActive: (id: string, isActive: boolean) => Promise<void>;
  onSendTest: () => void;
  onRecover: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

/** One endpoint: URL, mode (Live or Test), events, state, failures, its actions and (opened) its delivery log. */
export function EndpointCard({ endpoint, now, testsSent, setActive, onSendTest, onRecover, onRotate, onDelete }: EndpointCardProps) {
  const [logOpen, setLogOpen] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [seenTests, setSeenTests] = useState(testsSent);
  // A test event just sent here: show the log (adjusting state during render, as React recommends).
  if (testsSent !== seenTests) {
    setSeenTests(testsSent);
    setLogOpen(true);
  }

  async function toggleActive() {
    setToggling(true);
    try {
      await setActive(endpoint.id, !endpoint.is_active);
      toast.success(endpoint.is_active ? CONSOLE_MESSAGES.endpointDisabled : CONSOLE_MESSAGES.endpointEnabled);
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.endpointUpdateFailed, { description: failureDescription(error) });
    }
    setToggling(false);
  }

  return (
    <article aria-label={endpoint.url} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</h2>
          <StatusBadge tone={ENDPOINT_MODE_TONES[endpoint.mode]}>
            {ENDPOINT_MODE_LABELS[endpoint.mode]}
            <span className="sr-only"> mode</span>
          </StatusBadge>
          <StatusBadge tone={endpoint.is_active ? "green" : "slate"}>{endpoint.is_active ? "Active" : "Disabled"}</StatusBadge>
        </div>
        {endpoint.description && <p className="text-sm break-words text-slate-600">{endpoint.description}</p>}
        <div className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="text-slate-700">Events:</span>
          {eventLabels(endpoint.events).map((label) => (
            <code key={label} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
              {label}
            </code>
          ))}
        </div>
        {endpoint.failing_since && (
          <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <span>
              Deliveries failing since <TimeText iso={endpoint.failing_since} now={now} />. After 5 days of failures the endpoint is disabled.
            </span>
          </p>
        )}
        {!endpoint.is_active && endpoint.disabled_at && (
          <p className="text-sm text-slate-700">
            Disabled <TimeText iso={endpoint.disabled_at} now={now} />: no events are sent until you enable it.
          </p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" variant="secondary" onClick={onSendTest} disabled={!endpoint.is_active} aria-label={`Send test event to ${endpoint.url}`}>
            <Send aria-hidden className="size-4" />
            Send test event
          </Button>
          <Button size="sm" variant="secondary" onClick={onRecover} disabled={!endpoint.is_active} aria-label={`Recover failed deliveries of ${endpoint.url}`}>
            <History aria-hidden className="size-4" />
            Recover failed…
          </Button>
          <Button size="sm" variant="secondary" onClick={onRotate} aria-label={`Rotate secret of ${endpoint.url}`}>
            <KeyRound aria-hidden className="size-4" />
            Rotate secret
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void toggleActive()} disabled={toggling} aria-busy={toggling} aria-label={`${endpoint.is_active ? "Disable" : "Enable"} ${endpoint.url}`}>
            {endpoint.is_active ? "Disable" : "Enable"}
          </Button>
          <Button size="sm" variant="secondary" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>
            <Trash2 aria-hidden className="size-4" />
            Delete
          </Button>
        </div>
      </div>
      <CardDisclosure label="Delivery log" open={logOpen} onToggle={() => setLogOpen((value) => !value)}>
        <DeliveryLog endpointId={endpoint.id} now={now} refreshKey={testsSent} />
      </CardDisclosure>
    </article>
  );
}
