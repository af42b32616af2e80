import { useState, type FormEvent } from "react";
import { isApiError } from "../lib/api-client";
import { fieldErrorsFromDetails, type FormResult } from "../lib/form-errors";
import { useFieldErrors } from "./use-field-errors";

interface SubmitHandlers<F extends string, T> {
  /** Client-side checks; their errors are shown and nothing is sent. */
  validate: () => FormResult<F, T>;
  send: (data: T) => Promise<unknown>;
  /** After a failed send (the server's field details are already shown): toasts and the like. */
  onFailure: (error: unknown) => void;
}

/**
 * The submit cycle every form shares: validate (errors shown, focus on the first invalid field),
 * send while `submitting`, and on failure show the server's field details and hand the error on.
 * `submitting` stays true after a success: the form is about to be replaced or left.
 */
export function useFormSubmit<F extends string, T>(fields: readonly F[], handlers: SubmitHandlers<F, T>) {
  const fieldErrors = useFieldErrors(fields);
  const [submitting, setSubmitting] = useState(false);
  const { show } = fieldErrors;

  async function run(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = handlers.validate();
    if (!result.ok) {
      show(result.errors);
      return;
    }
    show({});
    setSubmitting(true);
    try {
      await handlers.send(result.data);
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && error.details.length > 0) show(fieldErrorsFromDetails(error.details, fields));
      handlers.onFailure(error);
    }
  }

  return { ...fieldErrors, submitting, submit: (event: FormEvent<HTMLFormElement>) => void run(event) };
}
