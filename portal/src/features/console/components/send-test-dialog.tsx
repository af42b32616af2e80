import { useState } from "react";
import { toast } from "sonner";
import type { WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import type { WebhookEventType } from "../../../../../core/contracts/webhook-events";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/choice-fields";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { sendTestEvent } from "../api/webhook-endpoints-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import { TEST_EVENT_OPTIONS, defaultTestEvent, isEventType } from "../lib/webhook-display";

interface SendTestDialogProps {
  endpoint: WebhookEndpoint;
  onSent: () => void;
  onClose: () => void;
}

/** Sends a sample event of the chosen type to this endpoint only, delivered and logged like a real one. */
export function SendTestDialog({ endpoint, onSent, onClose }: SendTestDialogProps) {
  const [type, setType] = useState<WebhookEventType>(() => defaultTestEvent(endpoint));
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      const result = await sendTestEvent(endpoint.id, type);
      toast.success(CONSOLE_MESSAGES.testSent, { description: `${type} (${result.event_id}) is on its way.` });
      onSent();
    } catch (error) {
      setSending(false);
      toast.error(CONSOLE_MESSAGES.testFailed, { description: failureDescription(error) });
    }
  }

  return (
    <Dialog
      title="Send a test event"
      onClose={onClose}
      busy={sending}
      description={
        <p>
          A sample event with <code className="font-mono text-xs">&quot;test&quot;: true</code> goes to{" "}
          <span className="font-mono break-all text-slate-900">{endpoint.url}</span>, whatever events it subscribes to. It appears in the delivery log.
        </p>
      }
    >
      <SelectField
        name="type"
        label="Event type"
        className="mt-5"
        options={TEST_EVENT_OPTIONS}
        value={type}
        onChange={(event) => {
          if (isEventType(event.target.value)) setType(event.target.value);
        }}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button onClick={() => void send()} disabled={sending} aria-busy={sending}>
          {sending ? "Sending..." : "Send Test Event"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
