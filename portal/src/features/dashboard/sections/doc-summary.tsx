import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

interface DocSummaryProps {
  /** One or two paragraphs: what the topic is about. */
  children: ReactNode;
  /** The points worth knowing before opening the full page. */
  points: readonly ReactNode[];
  /** An in-app page (with its anchor), e.g. "/api-docs#webhooks". */
  to: string;
  linkText: string;
}

/** A documentation topic in brief, with the way to the full page. */
export function DocSummary({ children, points, to, linkText }: DocSummaryProps) {
  return (
    <div className="max-w-3xl space-y-5 leading-relaxed text-slate-700">
      {children}
      <ul className="list-disc space-y-2 pl-5 marker:text-brand-700">
        {points.map((point, index) => (
          <li key={index}>{point}</li>
        ))}
      </ul>
      <p>
        <Link to={to} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline">
          {linkText}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </p>
    </div>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] break-words text-slate-900">{children}</code>;
}
