/**
 * The test buyer: the test driver's cards and an address the reference data knows, and the bodies a
 * storefront sends with them. Free of vitest, so the benchmarks (bench/) and the reliability scripts
 * (reliability/) share them with the tests (test/helpers/checkout.ts re-exports them).
 */

/** The test driver's cards (DESIGN.md §5). */
export const CARDS = {
  good: '4242424242424242',
  declined: '4000000000000002',
  noFunds: '4000000000009995',
} as const;

/** A buyer address in a country whose states the reference data knows. */
export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main Street',
  city: 'New York',
  postcode: '10001',
  country_code: 'US',
  state_code: 'NY',
  phone: '+1 555 0100',
} as const;

/** The body of `PUT /v1/checkouts/{id}` for a guest buyer: the email, the address's name, shipping to ADDRESS. */
export function buyerData(email: string) {
  return { customer: { email, first_name: ADDRESS.first_name, last_name: ADDRESS.last_name }, shipping: ADDRESS };
}

/** The body of `POST /v1/checkouts/{id}/payment` paying with a card of the test driver (the good one unless told). */
export function cardPayment(card: string = CARDS.good) {
  return { payment: { method: 'card', card_number: card } };
}
