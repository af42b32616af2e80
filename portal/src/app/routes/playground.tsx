import { ContentLayout } from "../../components/layouts/content-layout";
import { Playground } from "../../features/playground/components/playground";

export function PlaygroundRoute() {
  return (
    <ContentLayout
      title="API playground"
      eyebrow="Playground"
      description="Pick a workflow endpoint, add your API key and send a request to see the response, its rate-limit headers and ready-to-use cURL, JavaScript and Python snippets."
    >
      <Playground />
    </ContentLayout>
  );
}
