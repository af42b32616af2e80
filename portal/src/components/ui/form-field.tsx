import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "../../lib/cn";

/** The error text under a field: one message as a paragraph, several (e.g. password reasons) as a list. */
function FieldErrorText({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 1) {
    return (
      <p id={id} className="mt-1.5 text-sm text-red-700">
        {errors[0]}
      </p>
    );
  }
  return (
    <ul id={id} className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm text-red-700">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(" ") : undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  /** The form field's name; `elements.namedItem(name)` finds the input (focus on error). */
  name: string;
  label: string;
  errors?: string[] | undefined;
  /** Help text under the field, read with it. */
  hint?: ReactNode;
}

/** A labelled input; its hint and errors are linked with aria-describedby. */
export function TextField({ name, label, errors = [], hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const invalid = errors.length > 0;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, invalid && `${id}-error`)}
        className={cn(
          "mt-1.5 block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm",
          "focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0",
          invalid ? "border-red-600" : "border-slate-300",
        )}
        {...input}
      />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {invalid && <FieldErrorText id={`${id}-error`} errors={errors} />}
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type"> {
  name: string;
  /** May contain links; they stay clickable without ticking the box. */
  label: ReactNode;
  errors?: string[] | undefined;
}

export function CheckboxField({ name, label, errors = [], className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const invalid = errors.length > 0;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {invalid && <FieldErrorText id={`${id}-error`} errors={errors} />}
    </div>
  );
}
