import { CodeBlock } from "../../../components/ui/code-block";
import { CodeTabs } from "../../../components/ui/code-tabs";
import { STREAM_EVENTS_REQUEST, STREAM_EVENTS_RESPONSE } from "../lib/api-examples";
import { requestSamples } from "../lib/request-samples";
import { DocSection, DocSubheading, InlineCode } from "./doc-section";
import { DocTable } from "./doc-table";

const STATISTICS: Record<string, string> = {
  "count, mean, variance, stddev": "Welford's online algorithm: exact to floating point, however many values arrive.",
  "min, max": "Over every value the field has had.",
  ewma: "Exponentially weighted moving average, alpha 0.1.",
  rate_per_minute: "Values received over the last 60 minutes, per minute.",
  recent: "The last 100 values, oldest first.",
};

export function StreamsSection({ origin }: { origin: string }) {
  return (
    <DocSection id="streams" title="Streams">
      <p>
        A stream takes batches of up to 1,000 events, each with an <InlineCode>id</InlineCode>, a <InlineCode>timestamp</InlineCode> and numeric{" "}
        <InlineCode>fields</InlineCode>. Statistics per field are updated atomically as each batch lands, and every value is scored against the
        field&apos;s local level (a Holt level and slope), relative to the spread of its last 100 residuals (robust z-score): above 6 it is an
        anomaly, returned at once. Drift and slow cycles move the level, so they neither hide a spike nor raise an alarm. An event id seen in
        the last 24 hours (among the stream&apos;s last 100,000) counts once. <InlineCode>/live</InlineCode> can be opened before the first event.
      </p>
      <CodeTabs label="Send events: language" tabs={requestSamples(STREAM_EVENTS_REQUEST, origin)} />
      <CodeBlock title="Response" code={STREAM_EVENTS_RESPONSE} />
      <DocTable caption="Statistics per field (GET /v1/streams/{name})" columns={["Statistic", "Meaning"]} rows={Object.entries(STATISTICS).map(([name, text]) => [<InlineCode key="name">{name}</InlineCode>, text])} />
      <DocSubheading>Follow it live, keep its history</DocSubheading>
      <p>
        <InlineCode>GET /v1/streams/{"{name}"}/live</InlineCode> is a Server-Sent Events stream: a <InlineCode>statistics</InlineCode> event after
        every batch and an <InlineCode>anomaly</InlineCode> event per anomaly. Subscribe a webhook endpoint to{" "}
        <InlineCode>stream.anomaly_detected</InlineCode> to be told without listening (at most one event per stream per minute). Per-minute rollups are
        kept in PostgreSQL: pass the stream&apos;s <InlineCode>dataset_id</InlineCode> to <InlineCode>POST /v1/data/analyze</InlineCode> with{" "}
        <InlineCode>time_column</InlineCode> <InlineCode>minute</InlineCode> and a <InlineCode>value_column</InlineCode> such as{" "}
        <InlineCode>latency_ms:mean</InlineCode>.
      </p>
    </DocSection>
  );
}
