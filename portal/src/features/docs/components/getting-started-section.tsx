import { Link } from "react-router-dom";
import { CodeTabs } from "../../../components/ui/code-tabs";
import { ANALYZE_REQUEST, WHOAMI_REQUEST } from "../lib/api-examples";
import { API_KEY_VARIABLE, requestSamples } from "../lib/request-samples";
import { ApiResources } from "./collection-download";
import { DocSection, DocSubheading, InlineCode } from "./doc-section";

export function GettingStartedSection({ origin }: { origin: string }) {
  return (
    <DocSection id="getting-started" title="Getting started">
      <p>
        The Sluice API is a REST API at <InlineCode>{origin}/v1</InlineCode> that takes and returns JSON. Every request carries an
        API key; every answer says how much of your rate limit and quota is left.
      </p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          <Link to="/signup" className="font-medium text-brand-700 underline">
            Create an account
          </Link>{" "}
          (the Free plan needs no card).
        </li>
        <li>
          In the dashboard, open <strong>API Keys</strong> and create a <strong>test</strong> key. It is shown once: store it as the{" "}
          <InlineCode>{API_KEY_VARIABLE}</InlineCode> environment variable.
        </li>
        <li>Make your first request: it answers with the key's mode and permission and your plan.</li>
      </ol>
      <CodeTabs label="First request: language" tabs={requestSamples(WHOAMI_REQUEST, origin)} />
      <DocSubheading>Analyse data in one call</DocSubheading>
      <p>
        Send rows inline (or upload a dataset first) and pick an analysis: <InlineCode>summary</InlineCode>,{" "}
        <InlineCode>trend</InlineCode>, <InlineCode>anomalies</InlineCode>, <InlineCode>forecast</InlineCode>,{" "}
        <InlineCode>correlation</InlineCode>, <InlineCode>clustering</InlineCode> or <InlineCode>auto</InlineCode>. Quick analyses
        answer at once; longer ones answer <InlineCode>202</InlineCode> with an <InlineCode>analysis_id</InlineCode> to poll at{" "}
        <InlineCode>GET /v1/analyses/{"{id}"}</InlineCode>.
      </p>
      <CodeTabs label="Run an analysis: language" tabs={requestSamples(ANALYZE_REQUEST, origin)} />
      <DocSubheading>Every endpoint</DocSubheading>
      <p>
        The API reference lists every endpoint, parameter and response, generated from the same definitions the server runs. The
        Postman collection holds a ready request for each of them: import it, set <InlineCode>apiKey</InlineCode> and send.
      </p>
      <ApiResources />
    </DocSection>
  );
}
