import { Link } from "react-router-dom";
import { ContentLayout } from "../../../components/layouts/content-layout";

export function SignUpRoute() {
  return (
    <ContentLayout
      title="Create your Sluice account"
      documentTitle="Sign up"
      width="prose"
      description="Start on the Free plan: 1,000 requests and 10GB of data processing per month, no credit card required."
    >
      <p className="text-slate-700">
        Already have an account?{" "}
        <Link to="/signin" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </ContentLayout>
  );
}
