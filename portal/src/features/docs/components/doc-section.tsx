import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import type { DocSectionId } from "../lib/doc-sections";

interface DocSectionProps {
  id: DocSectionId;
  title: string;
  children: ReactNode;
}

/** One anchored section of the documentation; the scroll margin keeps its heading below the sticky bar. */
export function DocSection({ id, title, children }: DocSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 border-t border-slate-200 pt-10 first:border-t-0 first:pt-0">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-5 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** A sub-heading inside a section. */
export function DocSubheading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold text-slate-900">{children}</h3>;
}

/** Inline code in running text; `breakAnywhere` for long opaque values (signatures, bodies) in tables. */
export function InlineCode({ children, breakAnywhere = false }: { children: ReactNode; breakAnywhere?: boolean }) {
  return (
    <code
      className={cn(
        "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-900",
        breakAnywhere ? "[overflow-wrap:anywhere]" : "break-words",
      )}
    >
      {children}
    </code>
  );
}
