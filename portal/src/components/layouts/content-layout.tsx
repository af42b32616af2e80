import type { ReactNode } from "react";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { cn } from "../../lib/cn";

interface ContentLayoutProps {
  /** The page heading; also the document title unless `documentTitle` is given. */
  title: string;
  description?: ReactNode;
  documentTitle?: string;
  /** Small label above the heading, e.g. "Legal". */
  eyebrow?: string;
  children?: ReactNode;
  width?: "prose" | "wide";
}

/** The frame of a content page: heading, lead paragraph, body; sets the document title. */
export function ContentLayout({ title, description, documentTitle, eyebrow, children, width = "wide" }: ContentLayoutProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={cn("mx-auto px-4 py-12 sm:px-6 sm:py-16", width === "prose" ? "max-w-3xl" : "max-w-6xl")}>
      <header className="max-w-3xl">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {description && <p className="mt-4 text-lg leading-relaxed text-slate-600">{description}</p>}
      </header>
      {children && <div className="mt-10">{children}</div>}
    </div>
  );
}
