import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

function ErrorText({ id, errors }: { id: string; errors: string[] }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(" ") : undefined;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "children"> {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  errors?: string[] | undefined;
  hint?: ReactNode;
}

/** A labelled native select; hint and errors linked with aria-describedby. */
export function SelectField({ name, label, options, errors = [], hint, className, ...select }: SelectFieldProps) {
  const id = useId();
  const invalid = errors.length > 0;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, invalid && `${id}-error`)}
        className={cn(
          "mt-1.5 block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm",
          "focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0",
          invalid ? "border-red-600" : "border-slate-300",
        )}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {invalid && <ErrorText id={`${id}-error`} errors={errors} />}
    </div>
  );
}

export interface RadioCardOption<V extends string> {
  value: V;
  label: string;
  description?: string;
}

interface RadioCardGroupProps<V extends string> {
  name: string;
  legend: string;
  options: ReadonlyArray<RadioCardOption<V>>;
  value: V;
  onChange: (value: V) => void;
  errors?: string[] | undefined;
  /** Grid columns from the `sm` breakpoint; one column on phones. */
  columns?: 2 | 3;
  className?: string;
}

/**
 * Native radio buttons drawn as selectable cards (arrow keys move between them). Each radio is
 * named by its label alone; its description is read after it.
 */
export function RadioCardGroup<V extends string>({ name, legend, options, value, onChange, errors = [], columns = 2, className }: RadioCardGroupProps<V>) {
  const id = useId();
  const invalid = errors.length > 0;
  return (
    <fieldset className={className} aria-describedby={invalid ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn("mt-1.5 grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3",
                "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                invalid ? "border-red-600" : "border-slate-300 hover:border-slate-400",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <span className="min-w-0">
                <span id={`${optionId}-label`} className="block text-sm font-semibold text-slate-900">
                  {option.label}
                </span>
                {option.description && (
                  <span id={`${optionId}-description`} className="mt-0.5 block text-sm text-slate-600">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {invalid && <ErrorText id={`${id}-error`} errors={errors} />}
    </fieldset>
  );
}
