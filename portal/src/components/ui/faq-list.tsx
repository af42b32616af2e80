import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

interface FaqListProps {
  /** The heading's id, which names the section. */
  id: string;
  items: ReadonlyArray<FaqItem>;
  className?: string;
}

/** "Frequently asked questions": each question a disclosure (<details>) that opens its answer. */
export function FaqList({ id, items, className }: FaqListProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {items.map(({ question, answer }) => (
          <details key={question} className="group px-6 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown aria-hidden className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
            </summary>
            <p className="mt-3 leading-relaxed text-slate-600">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
