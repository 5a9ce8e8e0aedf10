import { StorefrontProblem, type Problem } from 'storefront/client';

/** The problem of a failed call: the server's own, or one that says the server could not be reached. */
export function problemOf(error: unknown): Problem {
  if (error instanceof StorefrontProblem) return error.problem;
  return {
    type: 'about:blank',
    title: 'No answer',
    status: 0,
    code: 'network',
    detail: error instanceof Error ? `The server could not be reached (${error.message})` : 'The server could not be reached',
  };
}

/**
 * A field's error said in the form's words (by the form's path), for fields whose units differ from
 * the API's; null keeps the API's message.
 */
export type FieldMessages = Record<string, (fault: { field: string; code: string; message: string }) => string | null>;

/**
 * A 422's field errors keyed as the form names its fields (`items[0][quantity]` becomes
 * `items.0.quantity`, @mantine/form's path), and what is left to say above the form: the detail of
 * any other problem, or the field errors the form has no field for.
 */
export function splitProblem(error: unknown, fields: readonly string[], messages: FieldMessages = {}): { fields: Record<string, string>; rest: string | null } {
  const problem = problemOf(error);
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const fault of problem.errors ?? []) {
    const path = fault.field.replace(/\[(\w+)\]/g, '.$1');
    const say = messages[path];
    if (fields.some((field) => path === field || path.startsWith(`${field}.`))) byField[path] = say?.(fault) ?? capitalise(fault.message);
    else unplaced.push(`${fault.field} ${fault.message}`);
  }
  if (!problem.errors?.length) return { fields: {}, rest: problem.detail };
  return { fields: byField, rest: unplaced.length > 0 ? unplaced.join('; ') : null };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
