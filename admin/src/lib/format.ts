import { currencyDecimals } from '../../../src/modules/markets/money';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The currency's format with its ISO 4217 decimals, the server's minor units (money.ts): JPY none,
 * KWD three, even where the browser's own data differs (it shows IQD without its fils).
 */
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    const digits = minorDigits(currency);
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** Digits after the point in the currency's minor unit (2 for USD, 0 for JPY), as the API counts them. */
export function minorDigits(currency: string): number {
  return currencyDecimals(currency);
}

/** An amount in minor units (the API's cents) as the staff's locale writes money. */
export function formatMoney(minor: number, currency: string): string {
  return moneyFormat(currency).format(minor / 10 ** minorDigits(currency));
}

/** An amount typed in major units (12.5) in minor units (1250). */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Unix seconds as a date and time. */
export function formatTime(seconds: number | null | undefined): string {
  return seconds == null ? '—' : dateTime.format(new Date(seconds * 1000));
}

/** `partially_refunded` as `Partially refunded`. */
export function humanise(word: string): string {
  const text = word.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A rate kept with a market or an order, in words: `EUR at 0.92 per USD`. */
export function rateWords(currency: string, rate: string, storeCurrency: string): string {
  return `${currency} at ${rate} per ${storeCurrency}`;
}
