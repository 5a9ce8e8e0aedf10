const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** Digits after the point in the currency's minor unit (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  return moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
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
