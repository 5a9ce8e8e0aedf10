import { flagOf } from '../../../lib/search-params';
import { pageOf } from '../../settings/search';

/** The list's filters as they stand in the address bar, so a filtered list can be linked and reloaded. */
export interface GiftCardListSearch {
  /** A whole code: finds its card. */
  code?: string;
  is_enabled?: boolean;
  page?: number;
}

/** Whatever the address bar holds, as filters the API takes: anything else is dropped. */
export function validateGiftCardListSearch(search: Record<string, unknown>): GiftCardListSearch {
  return {
    code: typeof search.code === 'string' && search.code.trim() !== '' ? search.code.trim() : undefined,
    is_enabled: flagOf(search.is_enabled),
    page: pageOf(search),
  };
}
