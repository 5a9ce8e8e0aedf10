import type { MarketRow } from '../../db/types.js';
import type { Rounding } from './money.js';

/**
 * What pricing needs of the market a request, cart or order sells in. The primary market (the
 * store's own currency, `id` null) converts nothing.
 */
export interface Market {
  id: string | null;
  currency: string;
  /** Store currency → market currency (null: fixed prices only, or the primary market). */
  exchangeRate: string | null;
  rounding: Rounding;
  /** The market's languages, the first its default (the primary market's: the store's). */
  locales: string[];
}

export function marketOf(row: MarketRow): Market {
  return {
    id: row.id,
    currency: row.currency,
    exchangeRate: row.exchange_rate,
    rounding: row.rounding as Rounding,
    locales: JSON.parse(row.locales) as string[],
  };
}

export function primaryMarket(store: { currency: string; lang: string }): Market {
  return { id: null, currency: store.currency, exchangeRate: null, rounding: 'none', locales: [store.lang] };
}
