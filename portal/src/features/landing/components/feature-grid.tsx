import { Activity, Atom, BrainCircuit, Server, Sparkles, Workflow, type LucideIcon } from "lucide-react";

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: Workflow,
    title: "Automated data pipelines",
    text: "Chain triggers and actions into workflows that run on webhooks, on a schedule or on demand, with retries built in.",
  },
  {
    icon: BrainCircuit,
    title: "Machine-learning and statistical analytics",
    text: "Trends, forecasts, anomaly detection, correlations and clustering over your datasets in a single API call.",
  },
  {
    icon: Activity,
    title: "Real-time stream processing",
    text: "Process events as they arrive and receive signed webhooks the moment results are ready.",
  },
  {
    icon: Atom,
    title: "Scientific data structures",
    text: "Upload CSV, JSON, NDJSON or Parquet into typed, columnar tables built for numerical work.",
  },
  {
    icon: Sparkles,
    title: "AI-powered data cleaning",
    text: "Infer types, remove duplicates, fill gaps, flag outliers and normalise messy values, with a report of every change.",
  },
  {
    icon: Server,
    title: "Scalable infrastructure",
    text: "Stateless gateways and workers that scale out, with rate limits and monthly quotas you can watch in real time.",
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="max-w-2xl">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Everything your data needs, behind one API
        </h2>
        <p className="mt-4 text-lg text-slate-600">From raw uploads to cleaned tables, insights and automated follow-up actions.</p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-10 rounded-2xl border border-brand-200 bg-brand-50 px-6 py-4 text-center font-medium text-brand-900">
        10GB of free data processing per month, no credit card required
      </p>
    </section>
  );
}
