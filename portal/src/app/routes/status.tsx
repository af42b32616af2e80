import { ContentLayout } from "../../components/layouts/content-layout";
import { LiveStatus } from "../../features/status/components/live-status";
import { SubscribeBox } from "../../features/status/components/subscribe-box";
import { useStatusQueryFlags } from "../../features/status/hooks/use-status-query-flags";

export function StatusRoute() {
  useStatusQueryFlags();
  return (
    <ContentLayout
      title="Service status"
      eyebrow="Status"
      description="Live health of the Sluice API gateway, database, queue workers, webhook delivery and analytics engine, checked every minute, with 90-day uptime, response times and recent incidents."
    >
      <div className="space-y-10">
        <LiveStatus />
        <SubscribeBox />
      </div>
    </ContentLayout>
  );
}
