import { useId } from "react";
import { cn } from "../../../lib/cn";

interface JsonBodyFieldProps {
  value: string;
  onChange: (text: string) => void;
  onReset: () => void;
  error?: string | undefined;
}

/** The request body box: monospaced JSON, its parse error linked to it, and a way back to the example. */
export function JsonBodyField({ value, onChange, onReset, error }: JsonBodyFieldProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          JSON body
        </label>
        <button type="button" onClick={onReset} className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          Reset to example
        </button>
      </div>
      <textarea
        id={id}
        name="body"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={14}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
        className={cn(
          "mt-1.5 block w-full resize-y rounded-lg border bg-white p-3 font-mono text-base leading-relaxed text-slate-900 shadow-sm sm:text-[13px]",
          "focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0",
          error !== undefined ? "border-red-600" : "border-slate-300",
        )}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="mt-1.5 text-sm break-words text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
