import { ContentLayout } from "../../components/layouts/content-layout";
import { LinkCard, LinkCardGrid } from "../../components/ui/link-card";

export function ApiDocsRoute() {
  return (
    <ContentLayout
      title="API documentation"
      eyebrow="Documentation"
      description="Everything you need to call Sluice: authentication with bearer API keys, the workflow and data-analysis endpoints, webhooks, rate limits and error codes."
    >
      <LinkCardGrid>
        <LinkCard
          title="API reference"
          text="Every endpoint, parameter, response and error code of the v1 API, generated from the live route definitions."
          href="/reference"
        />
        <LinkCard title="OpenAPI specification" text="The machine-readable contract, for code generators and API clients." href="/openapi.yaml" />
        <LinkCard title="Playground" text="Send requests to the workflow endpoints from your browser and inspect the responses." to="/playground" />
        <LinkCard title="SDKs" text="Official client libraries and worked examples in JavaScript, Python and Go." to="/sdks" />
      </LinkCardGrid>
    </ContentLayout>
  );
}
