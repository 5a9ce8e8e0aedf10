import { useRef } from 'react';
import { useServerErrors } from './use-server-errors';

interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
  clearErrors(): void;
}

/**
 * useServerErrors for a form of order lines of which only those given a quantity are sent: the server
 * names a sent line by its place among those sent (`items[0][quantity]`), so its error lands beside
 * the line of the form it came from. `chosen(lines, empty)` clears the last problems and answers the
 * lines to send, remembering their rows; with none it says `empty` above the form and answers null.
 */
export function useLineProblems(form: FormWithErrors, fields: readonly string[]) {
  const sentRows = useRef<number[]>([]);
  const problems = useServerErrors(form, fields, (path) =>
    path.replace(/^items\.(\d+)\./, (_, i: string) => `items.${sentRows.current[Number(i)] ?? i}.`),
  );
  const chosen = <L extends { quantity: number | string }>(lines: L[], empty: string): L[] | null => {
    problems.clear();
    const sent = lines.map((line, row) => ({ line, row })).filter(({ line }) => Number(line.quantity) > 0);
    if (sent.length === 0) {
      problems.setMessage(empty);
      return null;
    }
    sentRows.current = sent.map(({ row }) => row);
    return sent.map(({ line }) => line);
  };
  return { ...problems, chosen };
}
