import { Fragment, type ReactNode } from "react";
import { SUPPORT_EMAIL } from "../../../components/layouts/site-contacts";
import { formatLongDate } from "../../../lib/format-date";
import type { LegalBlock, LegalSection } from "../lib/legal-section";

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** A paragraph's text with the support address as a mailto link. */
function withEmailLinks(text: string): ReactNode {
  return text.split(SUPPORT_EMAIL).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
          {SUPPORT_EMAIL}
        </a>
      )}
      {part}
    </Fragment>
  ));
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{withEmailLinks(block)}</p>;
  return (
    <ul className="list-disc space-y-2 pl-6">
      {block.map((item) => (
        <li key={item}>{withEmailLinks(item)}</li>
      ))}
    </ul>
  );
}

/** A legal page's body: today's date as last updated, a numbered contents list, and the numbered sections. */
export function LegalDocument({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <div className="text-slate-700">
      <p className="text-sm text-slate-600">Last updated: {formatLongDate(new Date())}</p>
      <nav aria-labelledby="contents-title" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <h2 id="contents-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          Contents
        </h2>
        <ol className="mt-3 list-decimal gap-x-8 space-y-1.5 pl-6 text-sm sm:columns-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={linkClass}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <ol className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <li key={section.id}>
            <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-4 leading-relaxed">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </div>
  );
}
