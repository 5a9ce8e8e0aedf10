import type { Discount, DiscountWrite } from '../../../api/discounts';
import { pickerDate, pickerSeconds } from '../../../components/schedule-fields';
import { toMajor, toMinor } from '../../../lib/format';
import { basisPointsToPercent, percentMessage, percentToBasisPoints, type PercentBounds } from '../../../lib/percent';

/** The form's values: amounts as staff type them (15 for 15%, 5 for $5.00), empty for none. */
export interface DiscountValues {
  method: 'code' | 'automatic';
  code: string;
  title: string;
  kind: Discount['kind'];
  value: number | string;
  applies_to: { kind: Discount['applies_to']['kind']; ids: string[] };
  minimum_subtotal: number | string;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | string;
  usage_limit_per_customer: number | string;
  is_active: boolean;
}

/** The API's fields the form shows, for the server's problems to land beside. */
export const FIELDS = ['code', 'title', 'kind', 'value', 'applies_to', 'minimum_subtotal', 'starts_at', 'ends_at', 'usage_limit', 'usage_limit_per_customer', 'is_active'] as const;

/** A server problem's path as the form's: `applies_to.ids.2` is the picker, `applies_to` its kind. */
export function fieldOf(path: string): string {
  if (path.startsWith('applies_to.ids')) return 'applies_to.ids';
  if (path === 'applies_to') return 'applies_to.kind';
  return path;
}

const blankOr = (value: number | null, shown: (value: number) => number = (same) => same) => (value === null ? '' : shown(value));

export function valuesOf(discount: Discount | undefined, currency: string): DiscountValues {
  if (!discount) {
    return {
      method: 'code', code: '', title: '', kind: 'percentage', value: '', applies_to: { kind: 'all', ids: [] }, minimum_subtotal: '',
      starts_at: null, ends_at: null, usage_limit: '', usage_limit_per_customer: '', is_active: true,
    };
  }
  return {
    method: discount.code === null ? 'automatic' : 'code',
    code: discount.code ?? '',
    title: discount.title,
    kind: discount.kind,
    value: discount.kind === 'percentage' ? basisPointsToPercent(discount.value) : discount.kind === 'fixed_amount' ? toMajor(discount.value, currency) : '',
    applies_to: { kind: discount.applies_to.kind, ids: [...discount.applies_to.ids] },
    minimum_subtotal: blankOr(discount.minimum_subtotal, (cents) => toMajor(cents, currency)),
    starts_at: pickerDate(discount.starts_at),
    ends_at: pickerDate(discount.ends_at),
    usage_limit: blankOr(discount.usage_limit),
    usage_limit_per_customer: blankOr(discount.usage_limit_per_customer),
    is_active: discount.is_active,
  };
}

const numberOrNull = (typed: number | string, stored: (value: number) => number = (same) => same) => (typed === '' ? null : stored(Number(typed)));

/**
 * The body of a save: percentages in basis points and amounts in cents, as the API counts them; a
 * free shipping discount has no value; an empty limit or minimum is none (null).
 */
export function bodyOf(values: DiscountValues, currency: string): DiscountWrite {
  const body: DiscountWrite = {
    code: values.method === 'automatic' ? null : values.code.trim(),
    // A code's discount is called by its code unless staff name it (Shopify's discounts have no other name).
    title: values.title.trim() || (values.method === 'code' ? values.code.trim() : ''),
    kind: values.kind,
    applies_to: { kind: values.applies_to.kind, ids: values.applies_to.kind === 'all' ? [] : values.applies_to.ids },
    minimum_subtotal: numberOrNull(values.minimum_subtotal, (typed) => toMinor(typed, currency)),
    starts_at: pickerSeconds(values.starts_at),
    ends_at: pickerSeconds(values.ends_at),
    usage_limit: numberOrNull(values.usage_limit),
    usage_limit_per_customer: numberOrNull(values.usage_limit_per_customer),
    is_active: values.is_active,
  };
  if (values.kind === 'percentage') body.value = percentToBasisPoints(values.value);
  if (values.kind === 'fixed_amount') body.value = toMinor(Number(values.value), currency);
  return body;
}

/** What the API takes for a percentage off, in percent: 0.01 to 100, to two decimals (whole basis points). */
export const PERCENT_OFF_BOUNDS: PercentBounds = { min: 0.01, max: 100, decimals: 2 };

/** The API's refusal of a percentage's value (in basis points) said in percent; other kinds keep the API's words. */
export function valueMessage(values: DiscountValues) {
  return (fault: { code: string; message: string }) => (values.kind === 'percentage' ? percentMessage(fault, values.value, PERCENT_OFF_BOUNDS) : null);
}
