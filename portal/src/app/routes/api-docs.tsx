import { ContentLayout } from "../../components/layouts/content-layout";
import { ApiDocs } from "../../features/docs/components/api-docs";
import { apiOrigin } from "../../features/docs/lib/api-origin";

export function ApiDocsRoute() {
  return (
    <ContentLayout
      title="API documentation"
      eyebrow="Documentation"
      description="Everything you need to call Sluice: authentication with bearer API keys, the workflow and data-analysis endpoints, webhooks, rate limits and error codes."
    >
      <ApiDocs origin={apiOrigin()} />
    </ContentLayout>
  );
}
