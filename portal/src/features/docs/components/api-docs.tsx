import { useSectionAnchors } from "../hooks/use-section-anchors";
import { DOC_SECTION_IDS } from "../lib/doc-sections";
import { AuthenticationSection } from "./authentication-section";
import { ChangelogSection } from "./changelog-section";
import { DocsSidebar } from "./docs-sidebar";
import { ErrorsSection } from "./errors-section";
import { GettingStartedSection } from "./getting-started-section";
import { HelpButtons } from "./help-buttons";
import { RateLimitsSection } from "./rate-limits-section";
import { SdksSection } from "./sdks-section";
import { WebhooksSection } from "./webhooks-section";
import { StreamsSection } from "./streams-section";
import { WorkflowsSection } from "./workflows-section";

/** The documentation: a sidebar of anchors beside the sections, help at the end. */
export function ApiDocs({ origin }: { origin: string }) {
  const active = useSectionAnchors(DOC_SECTION_IDS);
  return (
    <div className="grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <div>
        <DocsSidebar active={active} />
      </div>
      <div className="min-w-0 space-y-12">
        <GettingStartedSection origin={origin} />
        <AuthenticationSection />
        <SdksSection />
        <WorkflowsSection origin={origin} />
        <StreamsSection origin={origin} />
        <WebhooksSection />
        <RateLimitsSection />
        <ErrorsSection />
        <ChangelogSection />
        <HelpButtons />
      </div>
    </div>
  );
}
