import { useState } from 'react';
import { splitProblem, type FieldMessages } from './problems';

interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
  clearErrors(): void;
}

/**
 * The server is the judge of a form: `show(error)` puts a 422's field errors beside the fields of
 * `form` they name and keeps the rest (another problem, a field the form lacks) as `message`, for a
 * FormAlert above the form; `clear()` forgets both before the next try. `messages` says a field's
 * errors in the form's units (a percentage where the API counts basis points).
 */
export function useServerErrors(form: FormWithErrors, fields: readonly string[], rename: (path: string) => string = (path) => path, messages?: FieldMessages) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    setMessage,
    clear: () => {
      form.clearErrors();
      setMessage(null);
    },
    show: (error: unknown) => {
      const split = splitProblem(error, fields, messages);
      form.setErrors(Object.fromEntries(Object.entries(split.fields).map(([path, text]) => [rename(path), text])));
      setMessage(split.rest);
    },
  };
}
