import { ArrowRight } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";

export function FinalCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to put your data to work?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          Read the quick start, create a key and make your first request in minutes. Upgrade only when you need more.
        </p>
        <div className="mx-auto mt-8 grid max-w-xs gap-3 sm:flex sm:max-w-none sm:flex-wrap sm:justify-center">
          <ButtonLink to="/api-docs" variant="inverse" size="lg">
            Start Building
            <ArrowRight aria-hidden className="size-4" />
          </ButtonLink>
          <ButtonLink to="/pricing" variant="inverse-outline" size="lg">
            View Pricing
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
