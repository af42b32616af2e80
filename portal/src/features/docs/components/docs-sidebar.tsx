import { cn } from "../../../lib/cn";
import { DOC_SECTIONS } from "../lib/doc-sections";

/** "On this page": a link to each section's anchor; the section being read is marked. */
export function DocsSidebar({ active }: { active: string }) {
  return (
    <nav aria-label="On this page" className="lg:sticky lg:top-24">
      <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</h2>
      <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
        {DOC_SECTIONS.map((section) => {
          const current = section.id === active;
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={current ? "location" : undefined}
                className={cn(
                  "block rounded-md border px-3 py-1.5 text-sm font-medium lg:border-0 lg:border-l-2 lg:rounded-none lg:py-2",
                  current
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-slate-200 text-slate-700 hover:bg-slate-50 hover:text-slate-900 lg:border-transparent",
                )}
              >
                {section.title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
