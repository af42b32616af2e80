import { ContentLayout } from "../../components/layouts/content-layout";
import { LinkCard, LinkCardGrid } from "../../components/ui/link-card";

export function SdksRoute() {
  return (
    <ContentLayout
      title="SDKs and client libraries"
      eyebrow="SDKs"
      description="Call Sluice from your own code with a client library that handles authentication, retries and rate-limit back-off for you."
    >
      <LinkCardGrid>
        <LinkCard title="API documentation" text="Concepts, authentication and every endpoint the SDKs wrap." to="/api-docs" />
        <LinkCard title="Playground" text="Try a request in the browser before writing any code." to="/playground" />
      </LinkCardGrid>
    </ContentLayout>
  );
}
