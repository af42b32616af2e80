import { ContentLayout } from "../../components/layouts/content-layout";

export function StatusRoute() {
  return (
    <ContentLayout
      title="Service status"
      eyebrow="Status"
      description="Health of the Sluice API gateway, workflow engine and analytics workers, with uptime, response times and recent incidents."
    />
  );
}
