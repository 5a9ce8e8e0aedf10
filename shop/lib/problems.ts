import { StorefrontProblem } from '@storefront-api/client';

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
