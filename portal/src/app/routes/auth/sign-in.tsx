import { Link } from "react-router-dom";
import { ContentLayout } from "../../../components/layouts/content-layout";

export function SignInRoute() {
  return (
    <ContentLayout
      title="Sign in to Sluice"
      documentTitle="Sign in"
      width="prose"
      description="Sign in with your email and password to reach your dashboard, API keys, usage and billing."
    >
      <p className="text-slate-700">
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Forgot your password?
        </Link>{" "}
        · New to Sluice?{" "}
        <Link to="/signup" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Create an account
        </Link>
      </p>
    </ContentLayout>
  );
}
