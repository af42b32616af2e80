import { ContentLayout } from "../../components/layouts/content-layout";
import { Button } from "../../components/ui/button";
import { ComponentList } from "../../features/status/components/component-list";
import { IncidentList } from "../../features/status/components/incident-list";
import { StatusBanner } from "../../features/status/components/status-banner";
import { SubscribeBox } from "../../features/status/components/subscribe-box";
import { useStatusPage } from "../../features/status/hooks/use-status-page";
import { useStatusQueryFlags } from "../../features/status/hooks/use-status-query-flags";

export function StatusRoute() {
  const { state, retry } = useStatusPage();
  useStatusQueryFlags();
  return (
    <ContentLayout
      title="Service status"
      eyebrow="Status"
      description="Live health of the Sluice API gateway, database, queue workers, webhook delivery and analytics engine, checked every minute, with 90-day uptime, response times and recent incidents."
    >
      <div className="space-y-10">
        {state.status === "loading" && (
          <p role="status" className="text-slate-600">
            Loading...
          </p>
        )}
        {state.status === "error" && (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between">
            <p>The current status could not be loaded.</p>
            <Button variant="secondary" onClick={retry}>
              Try again
            </Button>
          </div>
        )}
        {state.status === "ready" && (
          <>
            <StatusBanner status={state.data.status} generatedAt={state.data.generated_at} />
            <ComponentList components={state.data.components} />
            <IncidentList incidents={state.data.incidents} />
          </>
        )}
        <SubscribeBox />
      </div>
    </ContentLayout>
  );
}
