// Stripe takes amounts in the smallest unit of the currency, as the store keeps them (ISO 4217
// minor units: cents for USD, yen for JPY, pesos for CLP), with one exception it documents: ISK and
// UGX became zero-decimal in ISO 4217, but Stripe still reads them with two decimals that must be 00.
// https://docs.stripe.com/currencies#special-cases

/** Currencies whose Stripe amount is the store amount times 100. */
const TWO_DECIMALS_AT_STRIPE = new Set(['ISK', 'UGX']);

function factorOf(currency: string): number {
  return TWO_DECIMALS_AT_STRIPE.has(currency.toUpperCase()) ? 100 : 1;
}

/** A store amount (ISO minor units of `currency`) as Stripe's `amount`. */
export function toStripeAmount(amount: number, currency: string): number {
  return amount * factorOf(currency);
}

/** A Stripe amount in the store's minor units (rounded down: Stripe's hundredths of ISK are always 00). */
export function fromStripeAmount(amount: number, currency: string): number {
  return Math.floor(amount / factorOf(currency));
}

/** Stripe names currencies in lower case. */
export function stripeCurrency(currency: string): string {
  return currency.toLowerCase();
}
