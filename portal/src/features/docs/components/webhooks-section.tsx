import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../../../core/contracts/webhook-events";
import { CodeBlock } from "../../../components/ui/code-block";
import { CodeTabs } from "../../../components/ui/code-tabs";
import { SIGNED_REQUEST_EXAMPLE, TIMESTAMP_TOLERANCE_SECONDS, VERIFIER_SAMPLES, WEBHOOK_TEST_VECTOR } from "../lib/webhook-verification";
import { DocSection, DocSubheading, InlineCode } from "./doc-section";
import { DocTable } from "./doc-table";

const EVENT_DATA: Record<WebhookEventType, string> = {
  "workflow.triggered": "workflow_id, execution_id, trigger_data",
  "workflow.completed": "workflow_id, execution_id, duration_ms, actions_executed",
  "workflow.failed": "workflow_id, execution_id, error {code, message}",
  "workflow.cancelled": "workflow_id, execution_id, cancelled_at, requested_at, requested_by (api or dashboard)",
  "processing.started": "the dataset or analysis concerned",
  "processing.completed": "the dataset or analysis concerned",
  "processing.failed": "the dataset or analysis concerned",
  "usage.threshold_reached": "threshold_percent (80, 90, 100), requests_used, requests_limit, reset_date, package",
  "stream.anomaly_detected": "stream, mode, anomalies [{event_id, field, sequence, value, score}], suppressed_since_last (at most one event per stream per minute)",
};

function Code({ children }: { children: string }) {
  return <InlineCode>{children}</InlineCode>;
}

function Value({ children }: { children: string }) {
  return <InlineCode breakAnywhere>{children}</InlineCode>;
}

export function WebhooksSection() {
  const vector = WEBHOOK_TEST_VECTOR;
  return (
    <DocSection id="webhooks" title="Webhooks">
      <p>
        Register an endpoint with <Code>POST /v1/webhook-endpoints</Code> (an admin key) and a list of event types, or{" "}
        <Code>["*"]</Code> for all. The answer carries its signing secret, <Code>whsec_…</Code>, shown only this once. Each event is
        a JSON POST of <Code>{"{id, type, timestamp, data}"}</Code>; the <Code>id</Code> stays the same on every retry, so use it to
        ignore duplicates.
      </p>
      <DocTable
        caption="Webhook event types"
        columns={["Event", "data"]}
        rows={WEBHOOK_EVENT_TYPES.map((type) => [<Code key="type">{type}</Code>, EVENT_DATA[type]])}
      />
      <DocSubheading>Verify the signature</DocSubheading>
      <p>
        Every request is signed twice over the exact bytes of its body; check either signature against the raw body before
        parsing it, and compare in constant time.
      </p>
      <ul className="list-disc space-y-2 pl-5">
        <li>
          <strong>Standard Webhooks</strong>, <Code>webhook-signature</Code>: <Code>v1,</Code> and the base64 HMAC-SHA256 of{" "}
          <Code>{"{webhook-id}.{webhook-timestamp}.{body}"}</Code>, keyed with the base64-decoded bytes after <Code>whsec_</Code>.
          During a secret rotation it holds two space-separated signatures: accept either. Reject timestamps more than{" "}
          {TIMESTAMP_TOLERANCE_SECONDS / 60} minutes from your clock. The{" "}
          <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
            Standard Webhooks libraries
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          verify it as it is.
        </li>
        <li>
          <strong>GitHub style</strong>, <Code>X-Webhook-Signature-256</Code>: <Code>sha256=</Code> and the hex HMAC-SHA256 of the
          body, keyed with the whole secret string, <Code>whsec_</Code> included.
        </li>
      </ul>
      <CodeBlock title="A signed request" code={SIGNED_REQUEST_EXAMPLE} />
      <CodeTabs label="Verify a webhook: language" tabs={VERIFIER_SAMPLES} />
      <DocSubheading>Test vector</DocSubheading>
      <p>Your verifier must accept this request (set its clock to the timestamp, or skip the age check, while you test):</p>
      <DocTable
        caption="Webhook signature test vector"
        columns={["Field", "Value"]}
        rows={[
          ["secret", <Value key="v">{vector.secret}</Value>],
          ["webhook-id", <Value key="v">{vector.webhookId}</Value>],
          ["webhook-timestamp", <Value key="v">{`${vector.webhookTimestamp} (${new Date(vector.webhookTimestamp * 1000).toISOString()})`}</Value>],
          ["body", <Value key="v">{vector.body}</Value>],
          ["webhook-signature", <Value key="v">{vector.webhookSignature}</Value>],
          ["X-Webhook-Signature-256", <Value key="v">{vector.signature256}</Value>],
        ]}
      />
      <DocSubheading>Retries</DocSubheading>
      <p>
        Answer with any 2xx status within 15 seconds. Anything else is retried immediately, then after 5 seconds, 5 minutes, 30
        minutes, 2, 5, 10 and 10 hours, honouring a <Code>Retry-After</Code> you send. Every attempt is logged (<Code>{"GET /v1/webhook-endpoints/{id}/deliveries"}</Code>, filtered by <Code>status</Code>,{" "}
        <Code>event_type</Code>, <Code>created_after</Code> and <Code>created_before</Code>) and kept for 30 days, even after the endpoint is
        deleted. Any delivery can be replayed, and <Code>{"POST /v1/webhook-endpoints/{id}/recover"}</Code> with{" "}
        <Code>{'{"since": "…"}'}</Code> sends again every delivery that failed since then, once each. An endpoint that has failed
        for 5 days is disabled and you are e-mailed; <Code>{"POST /v1/webhook-endpoints/{id}/test"}</Code> sends a sample event
        whenever you like. Endpoints have the mode of the key that adds them: test-mode activity goes to test endpoints only, live
        activity to live endpoints only.
      </p>
    </DocSection>
  );
}
