// Money between currencies, exactly: amounts are integers in each currency's minor units (ISO 4217),
// rates are decimal strings, and every step is done on integers, so no float ever rounds a price.

/** ISO 4217 currencies whose minor unit is not the cent: their number of decimals. */
const DECIMALS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

export const roundings = ['none', 'whole', 'ninety_nine'] as const;
export type Rounding = (typeof roundings)[number];

/** How many decimals a currency's amounts have (ISO 4217): 2 unless listed. */
export function currencyDecimals(currency: string): number {
  return DECIMALS[currency.toUpperCase()] ?? 2;
}

/** A rate as the API takes it: a positive decimal, at most 9 digits before the point and 12 after. */
export const EXCHANGE_RATE_PATTERN = '^[0-9]{1,9}(\\.[0-9]{1,12})?$';

/** A decimal string as a fraction of integers. */
function fraction(decimal: string): { numerator: bigint; denominator: bigint } {
  const [whole, part = ''] = decimal.split('.');
  return { numerator: BigInt(whole! + part), denominator: 10n ** BigInt(part.length) };
}

/** Whether a decimal string is a rate money can be converted at (above zero). */
export function isUsableRate(rate: string): boolean {
  return new RegExp(EXCHANGE_RATE_PATTERN).test(rate) && fraction(rate).numerator > 0n;
}

/** numerator / denominator to the nearest integer, halves away from zero. */
function nearest(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** floor(numerator / denominator) for a positive denominator. */
function floorDivision(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient;
}

/**
 * The minor units of a whole unit as a rounding rule sees it: 10^decimals, and 100 for a currency
 * without minor units, whose prices then end in 99 (¥2,199) rather than in nothing at all.
 */
function roundingUnit(decimals: number, rounding: Rounding): bigint {
  if (decimals === 0 && rounding === 'ninety_nine') return 100n;
  return 10n ** BigInt(decimals);
}

/**
 * An exact amount in minor units (numerator / denominator) rounded by a market's rule:
 * `none` to the nearest minor unit; `whole` to the nearest whole unit; `ninety_nine` to the next whole
 * unit minus one minor unit: the least `n.99` at or above the amount to the nearest minor unit
 * (18.42 → 18.99, 18.991 → 18.99, 19.00 → 19.99).
 * Zero stays zero under every rule: nothing costs 0.99 for being free.
 */
export function roundByRule(numerator: bigint, denominator: bigint, decimals: number, rounding: Rounding): number {
  if (numerator === 0n) return 0;
  if (rounding === 'none') return Number(nearest(numerator, denominator));
  const unit = roundingUnit(decimals, rounding);
  if (rounding === 'whole') return Number(nearest(numerator, denominator * unit) * unit);
  const minor = nearest(numerator, denominator);
  return Number((floorDivision(minor, unit) + 1n) * unit - 1n);
}

/**
 * An amount of the store's currency in a market's currency: `amount × rate`, between the two
 * currencies' minor units, rounded by the market's rule.
 */
export function convertAmount(amount: number, from: string, to: string, rate: string, rounding: Rounding): number {
  const { numerator, denominator } = fraction(rate);
  const shift = currencyDecimals(to) - currencyDecimals(from);
  return roundByRule(
    BigInt(amount) * numerator * (shift > 0 ? 10n ** BigInt(shift) : 1n),
    denominator * (shift < 0 ? 10n ** BigInt(-shift) : 1n),
    currencyDecimals(to),
    rounding,
  );
}

/**
 * An amount of a market's currency back in the store's currency at the rate kept with it (reports):
 * `amount ÷ rate` to the nearest minor unit of the store's currency.
 */
export function convertBack(amount: number, from: string, to: string, rate: string): number {
  const { numerator, denominator } = fraction(rate);
  const shift = currencyDecimals(to) - currencyDecimals(from);
  return Number(nearest(
    BigInt(amount) * denominator * (shift > 0 ? 10n ** BigInt(shift) : 1n),
    numerator * (shift < 0 ? 10n ** BigInt(-shift) : 1n),
  ));
}

/** ISO 4217 codes of currencies in use. */
const currencies = new Set(Intl.supportedValuesOf('currency'));

/** Whether a code names an ISO 4217 currency in use (upper case, as stored). */
export function isCurrencyCode(code: string): boolean {
  return currencies.has(code);
}
