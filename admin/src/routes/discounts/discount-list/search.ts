import { flagOf } from '../../../lib/search-params';
import { pageOf } from '../../settings/search';

export const discountKinds = ['percentage', 'fixed_amount', 'free_shipping'] as const;

/** The list's search and filters as they stand in the address bar, so a filtered list can be linked and reloaded. */
export interface DiscountListSearch {
  q?: string;
  is_active?: boolean;
  kind?: (typeof discountKinds)[number];
  automatic?: boolean;
  page?: number;
}

/** Whatever the address bar holds, as filters the API takes: anything else is dropped. */
export function validateDiscountListSearch(search: Record<string, unknown>): DiscountListSearch {
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q.trim() : undefined,
    is_active: flagOf(search.is_active),
    kind: discountKinds.includes(search.kind as never) ? (search.kind as DiscountListSearch['kind']) : undefined,
    automatic: flagOf(search.automatic),
    page: pageOf(search),
  };
}
