import { useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../../lib/cn";
import { CopyButton } from "./copy-button";

export interface CodeTab {
  /** Tab label, e.g. "Python". */
  label: string;
  code: string;
}

interface CodeTabsProps {
  tabs: readonly CodeTab[];
  /** Names the tab list for screen readers, e.g. "Create a workflow: language". */
  label: string;
  className?: string;
}

/**
 * Code samples in several languages as accessible tabs (WAI-ARIA tabs pattern): one tab stop,
 * arrow keys, Home and End move between tabs and select them; each panel has a copy button.
 */
export function CodeTabs({ tabs, label, className }: CodeTabsProps) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = tabs[selected] ?? tabs[0];

  function select(index: number) {
    setSelected(index);
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  if (!current) return null;
  return (
    <div className={cn("min-w-0 overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-lg", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-800 px-2 py-1.5">
        <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap gap-1">
          {tabs.map((tab, index) => {
            const isSelected = index === selected;
            return (
              <button
                key={tab.label}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${index}`}
                aria-selected={isSelected}
                aria-controls={`${id}-panel`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => select(index)}
                className={cn(
                  "h-8 rounded-md px-3 text-xs font-semibold transition-colors",
                  isSelected ? "bg-slate-700 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white",
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <CopyButton key={current.label} text={current.code} label={`Copy ${current.label}`} />
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`}>
        {/* tabIndex lets keyboard users scroll long lines (axe: scrollable-region-focusable). */}
        <pre tabIndex={0} className="max-h-[32rem] overflow-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100">
          <code>{current.code}</code>
        </pre>
      </div>
    </div>
  );
}
