import { useCallback, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { firstInvalidField, type FieldErrors } from "../lib/form-errors";

/**
 * A form's field errors. `show` renders them at once and moves focus to the first invalid field
 * (in `order`), so a screen reader reads that field with its error (SPEC: WCAG 2.1 AA).
 * `order` must be a constant; fields are found by name in the form.
 */
export function useFieldErrors<F extends string>(order: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const show = useCallback(
    (next: FieldErrors<F>) => {
      flushSync(() => setErrors(next));
      const field = firstInvalidField(next, order);
      const element = field ? formRef.current?.elements.namedItem(field) : null;
      if (element instanceof HTMLElement) element.focus();
    },
    [order],
  );

  /** Drops a field's errors, e.g. as soon as the user edits it. */
  const clear = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, formRef, show, clear };
}
