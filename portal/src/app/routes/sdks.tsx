import { ContentLayout } from "../../components/layouts/content-layout";
import { LinkCard, LinkCardGrid } from "../../components/ui/link-card";
import { apiOrigin } from "../../features/docs/lib/api-origin";
import { POSTMAN_COLLECTION_FILE } from "../../features/docs/lib/postman-collection";
import { SdkGrid } from "../../features/sdks/components/sdk-grid";
import { WorkedExample } from "../../features/sdks/components/worked-example";
import { sdkCatalogue } from "../../features/sdks/lib/sdk-catalogue";

export function SdksRoute() {
  const origin = apiOrigin();
  return (
    <ContentLayout
      title="SDKs and client libraries"
      eyebrow="SDKs"
      description="Call Sluice from your own code: with our client libraries for TypeScript, Python and Go, with community tools, or with plain HTTP."
    >
      <SdkGrid sdks={sdkCatalogue({ origin, siteOrigin: window.location.origin, collectionHref: `/${POSTMAN_COLLECTION_FILE}` })} />
      <WorkedExample />
      <div className="mt-16">
        <LinkCardGrid>
          <LinkCard title="API documentation" text="Concepts, authentication and every endpoint the SDKs wrap." to="/api-docs" />
          <LinkCard title="Playground" text="Try a request in the browser before writing any code." to="/playground" />
        </LinkCardGrid>
      </div>
    </ContentLayout>
  );
}
