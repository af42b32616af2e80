import type { KeyMode } from "../../../../core/contracts/api-keys";
import { cn } from "../../lib/cn";

const MODES: ReadonlyArray<{ value: KeyMode; label: string }> = [
  { value: "live", label: "Live" },
  { value: "test", label: "Test" },
];

/** Two toggle buttons: what live keys made, or what test keys made (the console's workflows, the streams). */
export function ModeSwitch({ mode, onChange, label }: { mode: KeyMode; onChange: (mode: KeyMode) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm">
      {MODES.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={mode === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            "h-8 rounded-md px-4 text-sm font-semibold transition-colors",
            mode === option.value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
