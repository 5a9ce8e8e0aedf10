import type { ShippingZone } from 'storefront/client';
import type { ShippingZoneInput } from '../../../api/shipping-zones';
import { formatMoney, toMajor, toMinor } from '../../../lib/format';

type Amount = number | string;

export interface RateValues {
  /** The rate's id once saved: sent back, it keeps its id. */
  id: string | null;
  /** Tells rows apart while they are added and removed. */
  key: string;
  name: string;
  kind: 'weight' | 'price';
  /** Grams for a weight rate; the store's currency (major units) for a price rate, as for `price`. */
  from: Amount;
  to: Amount;
  price: Amount;
}

export interface ZoneValues {
  name: string;
  countries: string[];
  /** The states a country is narrowed to, by country; none is the whole country. */
  states: Record<string, string[]>;
  rates: RateValues[];
}

let keys = 0;
const newKey = () => `rate-${++keys}`;

export function newRate(): RateValues {
  return { id: null, key: newKey(), name: '', kind: 'weight', from: 0, to: '', price: '' };
}

export function valuesOf(zone: ShippingZone | null, currency: string): ZoneValues {
  if (!zone) return { name: '', countries: [], states: {}, rates: [newRate()] };
  const states: Record<string, string[]> = {};
  for (const state of zone.states) (states[state.country_code] ??= []).push(state.code);
  const bound = (value: number, kind: string) => (kind === 'price' ? toMajor(value, currency) : value);
  return {
    name: zone.name,
    countries: zone.countries,
    states,
    rates: zone.rates.map((rate) => ({
      id: rate.id,
      key: newKey(),
      name: rate.name,
      kind: rate.kind,
      from: bound(rate.from, rate.kind),
      to: rate.to === null ? '' : bound(rate.to, rate.kind),
      price: toMajor(rate.price, currency),
    })),
  };
}

/**
 * The zone as the API takes it, and for each state sent (in the order sent) the country whose field
 * shows a problem with it.
 */
export function inputOf(values: ZoneValues, currency: string, countryName: (code: string) => string): { body: ShippingZoneInput; stateCountries: string[] } {
  const states = values.countries.flatMap((country) => (values.states[country] ?? []).map((code) => ({ country_code: country, code })));
  const bound = (value: Amount, kind: string) => (kind === 'price' ? toMinor(Number(value), currency) : Number(value));
  return {
    body: {
      // Unnamed, a zone is called by its countries ("United States", "France, Belgium").
      name: values.name.trim() || values.countries.map(countryName).join(', '),
      countries: values.countries,
      states,
      rates: values.rates.map((rate) => ({
        ...(rate.id ? { id: rate.id } : {}),
        name: rate.name.trim(),
        kind: rate.kind,
        from: rate.from === '' ? 0 : bound(rate.from, rate.kind),
        to: rate.to === '' ? null : bound(rate.to, rate.kind),
        price: toMinor(Number(rate.price), currency),
      })),
    },
    stateCountries: states.map((state) => state.country_code),
  };
}

const grams = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'gram', unitDisplay: 'short' });

/** A rate's range as staff read it: `0 g – 2,000 g`, `from $50.00`. */
export function formatRange(rate: ShippingZone['rates'][number], currency: string): string {
  const show = (value: number) => (rate.kind === 'price' ? formatMoney(value, currency) : grams.format(value));
  const measure = rate.kind === 'price' ? 'subtotal' : 'weight';
  return rate.to === null ? `${measure} from ${show(rate.from)}` : `${measure} ${show(rate.from)} – under ${show(rate.to)}`;
}
