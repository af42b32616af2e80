import { ChevronDown } from "lucide-react";
import { useId, type ReactNode } from "react";

/** The foot of a console card: a button that shows or hides a panel (executions, deliveries). */
export function CardDisclosure({ label, open, onToggle, children }: { label: string; open: boolean; onToggle: () => void; children: ReactNode }) {
  const panelId = useId();
  return (
    <div className="border-t border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-sm font-semibold text-brand-800 hover:bg-slate-50 sm:px-5"
      >
        {label}
        <ChevronDown aria-hidden className={open ? "size-4 rotate-180 transition-transform" : "size-4 transition-transform"} />
      </button>
      {open && (
        <div id={panelId} className="border-t border-slate-200 px-4 py-4 sm:px-5">
          {children}
        </div>
      )}
    </div>
  );
}
