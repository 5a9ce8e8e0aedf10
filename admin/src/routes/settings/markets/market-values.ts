import type { Market, MarketInput } from '../../../api/markets';
import { convertAmount, EXCHANGE_RATE_PATTERN, isUsableRate, type Rounding } from '../../../../../src/modules/markets/money';
import { formatMoney } from '../../../lib/format';

export interface MarketValues {
  name: string;
  country_codes: string[];
  currency: string;
  /** A decimal string, as typed: a rate is never a float. Empty: no rate (fixed prices only). */
  exchange_rate: string;
  rounding: Rounding;
  /** In order: the first is the market's default. */
  locales: string[];
  is_active: boolean;
}

export const MARKET_FIELDS = ['name', 'country_codes', 'currency', 'exchange_rate', 'rounding', 'locales', 'is_active'] as const;

export const LOCALE_PATTERN = /^[a-z]{2}(-[A-Z]{2})?$/;

export function valuesOf(market: Market | null): MarketValues {
  return market
    ? {
        name: market.name,
        country_codes: market.country_codes,
        currency: market.currency,
        exchange_rate: market.exchange_rate ?? '',
        rounding: market.rounding,
        locales: market.locales,
        is_active: market.is_active,
      }
    : { name: '', country_codes: [], currency: '', exchange_rate: '', rounding: 'none', locales: [], is_active: true };
}

export function inputOf(values: MarketValues): MarketInput {
  return {
    name: values.name.trim(),
    country_codes: values.country_codes,
    currency: values.currency,
    exchange_rate: values.exchange_rate.trim() === '' ? null : values.exchange_rate.trim(),
    rounding: values.rounding,
    locales: values.locales,
    is_active: values.is_active,
  };
}

/** What staff type is checked by the server; this only says at once what it would refuse. */
export function rateProblem(rate: string): string | null {
  const text = rate.trim();
  if (text === '') return null;
  if (!new RegExp(EXCHANGE_RATE_PATTERN).test(text)) return 'A decimal number with a point, such as 0.92';
  return isUsableRate(text) ? null : 'A rate above zero';
}

export const ROUNDINGS: ReadonlyArray<{ value: Rounding; label: string; explanation: string }> = [
  { value: 'none', label: 'None', explanation: 'The converted amount to the nearest cent.' },
  { value: 'whole', label: 'Whole', explanation: 'To the nearest whole unit of the currency.' },
  { value: 'ninety_nine', label: 'Ending in .99', explanation: 'Up to the next price ending in .99 (¥…99 for a currency without cents).' },
];

/** The store price the examples convert: 19.99 of the store's currency. */
const EXAMPLE_PRICE = 1999;

/** The rate the examples use until staff type a usable one. */
const EXAMPLE_RATE = '0.92';

/**
 * What a price of the store becomes in the market under a rounding rule, by the server's own
 * arithmetic (money.ts): `$19.99 → €18.99`, at the rate typed (else at 0.92, said so); null while the
 * currency is not chosen.
 */
export function roundingExample(storeCurrency: string, currency: string, rate: string, rounding: Rounding): string | null {
  if (!/^[A-Z]{3}$/.test(currency) || !/^[A-Z]{3}$/.test(storeCurrency)) return null;
  const typed = rate.trim() !== '' && rateProblem(rate) === null;
  if (!typed && currency === storeCurrency) return null;
  const converted = convertAmount(EXAMPLE_PRICE, storeCurrency, currency, typed ? rate.trim() : EXAMPLE_RATE, rounding);
  return `${formatMoney(EXAMPLE_PRICE, storeCurrency)} → ${formatMoney(converted, currency)}${typed ? '' : ` at a rate of ${EXAMPLE_RATE}`}`;
}
