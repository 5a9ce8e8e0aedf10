import type { PriceList } from '../../api/price-lists';
import { datesInWords, discountState, stateColours, stateWords } from '../discounts/discount-words';

/** Whether members pay its prices now (`Active`), later (`Scheduled`), no more (`Expired`) or not at all (`Inactive`), with its colour. */
export function priceListStatus(list: Pick<PriceList, 'is_active' | 'starts_at' | 'ends_at'>): { words: string; colour: string } {
  // A discount without a usage limit moves through the same states by the same dates.
  const state = discountState({ ...list, times_used: 0, usage_limit: null });
  return { words: stateWords[state], colour: stateColours[state] };
}

/** Its dates: `From … to …`, `From …`, `Until …`, or `Always`. */
export function scheduleInWords(list: Pick<PriceList, 'starts_at' | 'ends_at'>): string {
  return list.starts_at === null && list.ends_at === null ? 'Always' : datesInWords(list);
}

/** `1 price`, `12 prices`. */
export const pricesInWords = (count: number) => `${count} price${count === 1 ? '' : 's'}`;

/** What deleting a price list does, said before staff confirm it. */
export const DELETE_CONSEQUENCE = 'its groups pay their regular prices from now on.';
