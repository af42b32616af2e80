import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

interface LinkCardProps {
  title: string;
  text: string;
  /** An in-app route. */
  to?: string;
  /** A document served outside the single-page app (e.g. the gateway's /reference). */
  href?: string;
}

const cardClass =
  "group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors hover:border-brand-600";

function CardBody({ title, text }: { title: string; text: string }) {
  return (
    <>
      <span className="flex items-center justify-between gap-3 text-lg font-semibold text-slate-900">
        {title}
        <ArrowRight aria-hidden className="size-5 shrink-0 text-brand-700 transition-transform group-hover:translate-x-1" />
      </span>
      <span className="mt-2 leading-relaxed text-slate-600">{text}</span>
    </>
  );
}

export function LinkCard({ title, text, to, href }: LinkCardProps) {
  if (href) {
    return (
      <a href={href} className={cardClass}>
        <CardBody title={title} text={text} />
      </a>
    );
  }
  return (
    <Link to={to ?? "/"} className={cardClass}>
      <CardBody title={title} text={text} />
    </Link>
  );
}

export function LinkCardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2">{children}</div>;
}
