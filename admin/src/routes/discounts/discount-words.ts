import type { Discount } from '../../api/discounts';
import { formatMoney, formatTime } from '../../lib/format';

/** The kinds of discount as staff read them, for a choice or a filter. */
export const kindOptions = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed_amount', label: 'Fixed amount' },
  { value: 'free_shipping', label: 'Free shipping' },
];

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

/** What the buyer gets, as a merchant says it: `15% off`, `$5.00 off`, `Free shipping`. */
export function valueInWords(discount: Pick<Discount, 'kind' | 'value'>, currency: string): string {
  if (discount.kind === 'percentage') return `${percent.format(discount.value / 10_000)} off`;
  if (discount.kind === 'fixed_amount') return `${formatMoney(discount.value, currency)} off`;
  return 'Free shipping';
}

/** What it applies to: `All products`, `2 collections`. */
export function scopeInWords(appliesTo: Discount['applies_to']): string {
  if (appliesTo.kind === 'all') return 'All products';
  const count = appliesTo.ids.length;
  const noun = { collections: 'collection', products: 'product', skus: 'sku' }[appliesTo.kind];
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Times used out of its limit: `3 / 5`, or `3` with no limit. */
export function usageInWords(discount: Pick<Discount, 'times_used' | 'usage_limit'>): string {
  return discount.usage_limit === null ? String(discount.times_used) : `${discount.times_used} / ${discount.usage_limit}`;
}

export type DiscountState = 'active' | 'scheduled' | 'expired' | 'used_up' | 'inactive';

/** Whether buyers can use it now: switched off, not started, ended, used up, or active. */
export function discountState(discount: Pick<Discount, 'is_active' | 'starts_at' | 'ends_at' | 'times_used' | 'usage_limit'>, now = Date.now() / 1000): DiscountState {
  if (!discount.is_active) return 'inactive';
  if (discount.starts_at !== null && discount.starts_at > now) return 'scheduled';
  if (discount.ends_at !== null && discount.ends_at <= now) return 'expired';
  if (discount.usage_limit !== null && discount.times_used >= discount.usage_limit) return 'used_up';
  return 'active';
}

export const stateColours: Record<DiscountState, string> = { active: 'green', scheduled: 'yellow', expired: 'gray', used_up: 'gray', inactive: 'gray' };
export const stateWords: Record<DiscountState, string> = { active: 'Active', scheduled: 'Scheduled', expired: 'Expired', used_up: 'Used up', inactive: 'Inactive' };

/** Its dates: `From … to …`, `From …`, `Until …`, or `No end date`. */
export function datesInWords(discount: Pick<Discount, 'starts_at' | 'ends_at'>): string {
  if (discount.starts_at === null && discount.ends_at === null) return 'No end date';
  if (discount.ends_at === null) return `From ${formatTime(discount.starts_at)}`;
  if (discount.starts_at === null) return `Until ${formatTime(discount.ends_at)}`;
  return `${formatTime(discount.starts_at)} – ${formatTime(discount.ends_at)}`;
}
