import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../../../lib/cn";

export interface DocTab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs as WAI-ARIA describes them: one tab in the Tab order, the arrow keys, Home and End move
 * between tabs and show their panel.
 */
export function DocTabs({ label, tabs }: { label: string; tabs: readonly DocTab[] }) {
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    setSelected(index);
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors",
              index === selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={index !== selected}
          tabIndex={0}
          className="pt-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
