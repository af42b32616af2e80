import { ArrowUpRight, BookOpen, Boxes, FileCode2, FlaskConical, Activity } from "lucide-react";
import { Link } from "react-router-dom";

const PRACTICES = [
  "Keep keys on your servers, in environment variables or a secrets store; never in code, a browser or a mobile app.",
  "Develop with a sk_test_ key and switch to sk_live_ only when you go live.",
  "Give each service its own key with the least permission it needs (read for dashboards), and a monthly cap.",
  "On 429, wait for Retry-After, then back off exponentially with some randomness.",
  "Rotate a key you suspect has leaked: the old one keeps working for the hours you choose, then stops.",
  "Verify the X-Webhook-Signature-256 header of every webhook before trusting it.",
] as const;

export function BestPractices() {
  return (
    <section aria-labelledby="overview-best-practices" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="overview-best-practices" className="text-xl font-semibold text-slate-900">
        Best practices
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-slate-700 marker:text-brand-700">
        {PRACTICES.map((practice) => (
          <li key={practice}>{practice}</li>
        ))}
      </ul>
    </section>
  );
}

const linkClass =
  "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 font-medium text-slate-800 transition-colors hover:border-brand-600 hover:text-brand-800";

export function Resources() {
  return (
    <section aria-labelledby="overview-resources" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="overview-resources" className="text-xl font-semibold text-slate-900">
        Resources
      </h2>
      <ul className="mt-4 grid gap-2">
        <li>
          <Link to="/api-docs" className={linkClass}>
            <BookOpen aria-hidden className="size-4 shrink-0 text-brand-700" />
            Documentation
          </Link>
        </li>
        <li>
          {/* Served by the gateway, outside the single-page app. */}
          <a href="/reference" className={linkClass}>
            <FileCode2 aria-hidden className="size-4 shrink-0 text-brand-700" />
            API reference
            <ArrowUpRight aria-hidden className="ml-auto size-4 text-slate-500" />
          </a>
        </li>
        <li>
          <Link to="/playground" className={linkClass}>
            <FlaskConical aria-hidden className="size-4 shrink-0 text-brand-700" />
            Playground
          </Link>
        </li>
        <li>
          <Link to="/sdks" className={linkClass}>
            <Boxes aria-hidden className="size-4 shrink-0 text-brand-700" />
            SDKs
          </Link>
        </li>
        <li>
          <Link to="/status" className={linkClass}>
            <Activity aria-hidden className="size-4 shrink-0 text-brand-700" />
            Status
          </Link>
        </li>
      </ul>
    </section>
  );
}
