import { ContentLayout } from "../../components/layouts/content-layout";
import { SUPPORT_RESPONSE_HOURS } from "../../components/layouts/site-contacts";
import { ContactChannels } from "../../features/contact/components/contact-channels";
import { ContactFaq } from "../../features/contact/components/contact-faq";

export function ContactRoute() {
  return (
    <ContentLayout
      title="Contact us"
      eyebrow="Support"
      description={`Questions about the API, your account or billing? Write to our support team and we will answer within ${SUPPORT_RESPONSE_HOURS} hours.`}
    >
      <ContactChannels />
      <ContactFaq />
    </ContentLayout>
  );
}
