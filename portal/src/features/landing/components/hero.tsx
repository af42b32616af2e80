import { ArrowRight, Play } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button";
import { QuickStart } from "./quick-start";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-slate-900 to-slate-950 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="min-w-0">
          <p className="inline-flex rounded-full border border-brand-400/40 bg-brand-400/10 px-3 py-1 text-xs font-medium text-brand-200 sm:text-sm">
            Workflow automation · Data processing · Analytics
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Smart Data Workflows
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
            One metered API to automate pipelines, clean messy datasets and run statistical and machine-learning analysis,
            with keys, quotas and billing you manage from a single dashboard.
          </p>
          <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap">
            <ButtonLink to="/api-docs" variant="inverse" size="lg">
              Get Started
              <ArrowRight aria-hidden className="size-4" />
            </ButtonLink>
            <ButtonLink to="/playground" variant="inverse-outline" size="lg">
              <Play aria-hidden className="size-4" />
              Live Demo
            </ButtonLink>
          </div>
        </div>
        <QuickStart />
      </div>
    </section>
  );
}
