import { Alert } from '@mantine/core';
import { problemOf } from '../lib/problems';

/** A problem the server answered (or the lack of an answer), in words, where the screen shows it. */
export function ProblemAlert({ error, title }: { error: unknown; title?: string }) {
  const problem = problemOf(error);
  return (
    <Alert color="red" variant="light" title={title ?? problem.title} role="alert">
      {problem.detail}
    </Alert>
  );
}

/** A message above a form: what the server said that no field of the form can show. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
