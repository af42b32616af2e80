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
      description="Call Sluice from your own code: with our client libraries once they are published, with community tools today, or with plain HTTP as in the worked example below."
    >
      <SdkGrid sdks={sdkCatalogue({ origin, collectionHref: `/${POSTMAN_COLLECTION_FILE}` })} />
      <WorkedExample origin={origin} />
      <div className="mt-16">
        <LinkCardGrid>
          <LinkCard title="API documentation" text="Concepts, authentication and every endpoint the SDKs wrap." to="/api-docs" />
          <LinkCard title="Playground" text="Try a request in the browser before writing any code." to="/playground" />
        </LinkCardGrid>
      </div>
    </ContentLayout>
  );
}
