import { Mail } from "lucide-react";
import { ContentLayout } from "../../components/layouts/content-layout";
import { buttonClasses } from "../../components/ui/button";

export const SUPPORT_EMAIL = "support@sluice.dev";

export function ContactRoute() {
  return (
    <ContentLayout
      title="Contact us"
      eyebrow="Support"
      description="Questions about the API, your account or billing? Write to our support team and we will answer within 24 hours."
      width="prose"
    >
      <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses("primary", "lg")}>
        <Mail aria-hidden className="size-5" />
        Email {SUPPORT_EMAIL}
      </a>
    </ContentLayout>
  );
}
