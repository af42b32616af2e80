import { AuthenticationSection as AuthenticationDocs } from "../../docs/components/authentication-section";
import { ErrorsSection } from "../../docs/components/errors-section";
import { GettingStartedSection as GettingStartedDocs } from "../../docs/components/getting-started-section";
import { RateLimitsSection as RateLimitsDocs } from "../../docs/components/rate-limits-section";
import { WebhooksSection as WebhooksDocs } from "../../docs/components/webhooks-section";
import { WorkflowsSection } from "../../docs/components/workflows-section";
import { LiveStatus } from "../../status/components/live-status";

/**
 * The dashboard's documentation sections are the /api-docs sections themselves (one source, no
 * copy to drift), and its Status section is the live status of /status.
 */

const origin = () => window.location.origin;

export const GettingStartedSection = () => <GettingStartedDocs origin={origin()} />;
export const AuthenticationSection = () => <AuthenticationDocs />;
export const DataProcessingSection = () => <WorkflowsSection origin={origin()} />;
export const WebhooksSection = () => <WebhooksDocs />;
export const RateLimitsSection = () => <RateLimitsDocs />;
export const ErrorCodesSection = () => <ErrorsSection />;
export const StatusSection = () => (
  <div className="space-y-10">
    <LiveStatus />
  </div>
);
