import { useEffect, useState } from 'react';
import { splitProblem, type FieldMessages } from './problems';

interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
  clearErrors(): void;
  /** @mantine/form's: the input of a path (by its data-path), when the form has one. */
  getInputNode?: (path: never) => HTMLElement | null;
}

/**
 * The server is the judge of a form: `show(error)` puts a 422's field errors beside the fields of
 * `form` they name, brings the first of those fields into view and focuses it (a save clicked at the
 * bottom of a long page must not leave its error out of sight at the top), and keeps the rest
 * (another problem, a field the form lacks) as `message`, for a FormAlert beside the save button;
 * `clear()` forgets both before the next try. `messages` says a field's errors in the form's units
 * (a percentage where the API counts basis points).
 */
export function useServerErrors(form: FormWithErrors, fields: readonly string[], rename: (path: string) => string = (path) => path, messages?: FieldMessages) {
  const [message, setMessage] = useState<string | null>(null);
  // The form paths of the errors last shown, to bring into view once they are drawn.
  const [shown, setShown] = useState<{ paths: string[] } | null>(null);
  useEffect(() => {
    if (shown) revealFirst(shown.paths, form.getInputNode as ((path: string) => HTMLElement | null) | undefined);
  }, [shown]);
  return {
    message,
    setMessage,
    clear: () => {
      form.clearErrors();
      setMessage(null);
    },
    show: (error: unknown) => {
      const split = splitProblem(error, fields, messages);
      const errors = Object.fromEntries(Object.entries(split.fields).map(([path, text]) => [rename(path), text]));
      form.setErrors(errors);
      setMessage(split.rest);
      if (Object.keys(errors).length > 0) setShown({ paths: Object.keys(errors) });
    },
  };
}

/**
 * Scrolls the topmost field of `paths` to the middle of the window and focuses it (a select only
 * scrolled to): the field's input when the form knows it, else the first field marked invalid.
 */
function revealFirst(paths: string[], inputOf: ((path: string) => HTMLElement | null) | undefined): void {
  const nodes = paths.map((path) => inputOf?.(path) ?? null).filter((node): node is HTMLElement => node !== null);
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const target = nodes[0] ?? document.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!target) return;
  target.scrollIntoView({ block: 'center', behavior: 'instant' });
  // A searchable select opens its list on focus, which would cover the error and the buttons.
  if (target.getAttribute('aria-haspopup') === 'listbox' || target.getAttribute('role') === 'combobox') return;
  target.focus({ preventScroll: true });
}
