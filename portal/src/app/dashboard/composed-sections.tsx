import { useAuth } from "../../features/auth/auth-context";
import { AuthenticationSection as AuthenticationDocs } from "../../features/docs/components/authentication-section";
import { ErrorsSection } from "../../features/docs/components/errors-section";
import { GettingStartedSection as GettingStartedDocs } from "../../features/docs/components/getting-started-section";
import { RateLimitsSection as RateLimitsDocs } from "../../features/docs/components/rate-limits-section";
import { WebhooksSection as WebhooksDocs } from "../../features/docs/components/webhooks-section";
import { WorkflowsSection } from "../../features/docs/components/workflows-section";
import { DashboardCheckoutSection } from "../../features/payments/components/dashboard-checkout";
import { LiveStatus } from "../../features/status/components/live-status";

/**
 * The dashboard's sections made of other features: its documentation sections are the /api-docs
 * sections themselves (one source, no copy to drift), its Status section is the live status of
 * /status, and its checkout pays with the signed-in account's details.
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
export function CheckoutSection() {
  const { user, profile } = useAuth();
  return <DashboardCheckoutSection account={{ email: user?.email, fullName: profile?.full_name }} />;
}
