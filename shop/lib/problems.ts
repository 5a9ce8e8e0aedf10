import { StorefrontProblem } from '@storefront-api/client';
import { redirect } from 'next/navigation';
import { localized } from './locale';

/** A problem's words for the buyer: the first field error's message when there is one. */
export function problemText(error: unknown): string {
  if (!(error instanceof StorefrontProblem)) throw error;
  const first = error.problem.errors?.[0];
  if (!first) return error.problem.detail;
  return `${fieldLabel(first.field)} ${first.message}`;
}

/** `shipping[postcode]` → `Postcode`; `items[sku_1]` → `An item`. */
function fieldLabel(field: string): string {
  if (field.startsWith('items[')) return 'An item';
  const last = /([a-z_]+)\]?$/.exec(field)?.[1] ?? field;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The path with `error=…` (what went wrong, shown by the page): how an action that cannot finish answers, with or without JavaScript. */
export function withError(path: string, message: string): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set('error', message);
  return `${url.pathname}${url.search}`;
}

/**
 * Runs a form action's API calls; a refusal sends the buyer back to `from` (in the page's language) with its words (`describe`
 * finds them), shown beside the form: the same with JavaScript or without. redirect() throws, so it is
 * called outside the try, never taken for a failure.
 */
export async function orGoBack(from: string, calls: () => Promise<void>, describe: (error: unknown) => string | Promise<string> = problemText): Promise<void> {
  let failure: string | undefined;
  try {
    await calls();
  } catch (error) {
    failure = await describe(error);
  }
  if (failure) redirect(withError(await localized(from), failure));
}

/** A form field's text, trimmed; undefined when it is empty. */
export function formText(form: FormData, name: string): string | undefined {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? undefined : value;
}
