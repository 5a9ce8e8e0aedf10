/** The parts of an address (an order's `shipping.address` or `billing.address`) its locality line is made of. */
export interface LocalityParts {
  city?: string | null;
  postcode?: string | null;
  country_code?: string | null;
  state?: string | null;
  state_code?: string | null;
}

type LocalityOrder = (city: string, state: string, postcode: string) => string;

/** The words given that are not empty, joined by `separator`. */
const words = (separator: string, ...parts: string[]): string => parts.filter((part) => part !== '').join(separator);

/** `New York, NY 10001`: the United States' and Canada's order. */
const cityCommaStatePostcode: LocalityOrder = (city, state, postcode) => words(', ', city, words(' ', state, postcode));

/**
 * The countries whose post writes the locality line otherwise than `postcode city` (the order of most of
 * Europe and Latin America, the default): the national posts' own conventions, USPS Publication 28
 * (`New York, NY 10001`), Canada Post's (the same; its guidelines leave the comma out of a label, most
 * Canadian mail prints it), Australia Post's (`Sydney NSW 2000`, no comma) and Royal Mail's (the
 * postcode after the town: on a line of its own on a label, on the same one here). Only the countries
 * whose order differs are listed; a country not here keeps the default.
 */
const localityOrders: Record<string, LocalityOrder> = {
  US: cityCommaStatePostcode,
  CA: cityCommaStatePostcode,
  AU: (city, state, postcode) => words(' ', city, state, postcode),
  GB: (city, _state, postcode) => words(' ', city, postcode),
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The line of an address with its city, postcode and, where the country's post writes it there, its
 * state: `New York, NY 10001` (US, CA), `Sydney NSW 2000` (AU), `London SW1A 1AA` (GB), `75002 Paris`
 * (every other country). Missing parts are left out with their separators. Anything that is not an
 * address (a template's typo) gives an empty line.
 */
export function formatLocality(address: unknown): string {
  if (address === null || typeof address !== 'object') return '';
  const parts = address as LocalityParts;
  const city = text(parts.city);
  const postcode = text(parts.postcode);
  const order = localityOrders[text(parts.country_code).toUpperCase()];
  if (!order) return words(' ', postcode, city);
  return order(city, text(parts.state_code) || text(parts.state), postcode);
}
