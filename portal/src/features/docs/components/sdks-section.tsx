import { LinkCard, LinkCardGrid } from "../../../components/ui/link-card";
import { DocSection } from "./doc-section";

export function SdksSection() {
  return (
    <DocSection id="sdks" title="SDKs and tools">
      <p>
        Every example on this page uses plain HTTP, so it runs with nothing but your language's standard tools. Official client
        libraries for JavaScript, Python and Go are on the way; the SDK page tracks them and has complete worked examples with
        retries and time-outs.
      </p>
      <LinkCardGrid>
        <LinkCard title="SDKs" text="Client libraries, their status, and worked examples in JavaScript, Python and Go." to="/sdks" />
        <LinkCard title="Playground" text="Send requests to the workflow endpoints from your browser and inspect the responses." to="/playground" />
      </LinkCardGrid>
    </DocSection>
  );
}
