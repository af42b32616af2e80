import { Code, DocSummary } from "./doc-summary";

export function AnalyticsApiSection() {
  return (
    <DocSummary
      to="/playground"
      linkText="Try an analysis in the playground"
      points={[
        <>
          <Code>POST /v1/data/analyze</Code> takes a dataset and the analysis to run, and answers with its results.
        </>,
        <>
          <Code>GET /v1/analyses/{"{id}"}</Code> reads a stored analysis again.
        </>,
        <>The data you send for analysis or cleaning counts against your plan&apos;s monthly data allowance.</>,
      ]}
    >
      <p>The analytics API summarises a dataset: the figures you ask for, computed on the server.</p>
    </DocSummary>
  );
}
