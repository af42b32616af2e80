import { CodeTabs } from "../../../components/ui/code-tabs";
import { LinkCard, LinkCardGrid } from "../../../components/ui/link-card";
import { QUICKSTART_EXAMPLES } from "../../../lib/sdk-examples";
import { DocSection } from "./doc-section";

export function SdksSection() {
  return (
    <DocSection id="sdks" title="SDKs and tools">
      <p>
        The examples on the rest of this page use plain HTTP, so they run with nothing but your language&apos;s standard tools. The official
        SDKs for TypeScript, Python and Go wrap every endpoint with retries, time-outs, typed errors and webhook verification; this is their
        quick start, the very file each SDK&apos;s tests run against the API.
      </p>
      <CodeTabs label="SDK quick start: language" tabs={QUICKSTART_EXAMPLES} />
      <LinkCardGrid>
        <LinkCard title="SDKs" text="Install the client libraries for TypeScript, Python and Go, and see them verify webhooks." to="/sdks" />
        <LinkCard title="Playground" text="Send requests to the workflow endpoints from your browser and inspect the responses." to="/playground" />
      </LinkCardGrid>
    </DocSection>
  );
}
