import { cn } from "../../lib/cn";

interface ToggleGroupProps<T extends string> {
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  /** Names the group for screen readers, e.g. "Workflow mode". */
  label: string;
}

/** Buttons of which one is pressed: a choice between a few views of the same thing. */
export function ToggleGroup<T extends string>({ options, value, onChange, label }: ToggleGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn("h-8 rounded-md px-4 text-sm font-semibold transition-colors", value === option.value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100")}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
