import { Link } from "react-router-dom";
import { ContentLayout } from "../../../components/layouts/content-layout";

export function ForgotPasswordRoute() {
  return (
    <ContentLayout
      title="Reset your password"
      documentTitle="Forgot password"
      width="prose"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <p className="text-slate-700">
        Remembered it?{" "}
        <Link to="/signin" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </ContentLayout>
  );
}
