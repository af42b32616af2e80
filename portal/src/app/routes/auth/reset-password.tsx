import { ContentLayout } from "../../../components/layouts/content-layout";

export function ResetPasswordRoute() {
  return (
    <ContentLayout
      title="Choose a new password"
      documentTitle="Reset password"
      width="prose"
      description="Open this page from the link in your password-reset email to set a new password for your account. Reset links work once and expire after one hour."
    />
  );
}
