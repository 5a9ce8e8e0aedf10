import { convertBack } from '../markets/money.js';
import type { InCurrency } from './reports.repo.js';

/**
 * An amount as the reports count it, in the store's currency: as it is when in the store's currency,
 * else converted back at the rate its order kept. Null for an order in another currency that kept no
 * rate (a market of fixed prices only): reports leave it out.
 */
export function inStoreCurrency(storeCurrency: string): (amount: number, sale: InCurrency) => number | null {
  return (amount, { currency, exchange_rate: rate }) => {
    if (currency === storeCurrency) return amount;
    return rate === null ? null : convertBack(amount, currency, storeCurrency, rate);
  };
}
