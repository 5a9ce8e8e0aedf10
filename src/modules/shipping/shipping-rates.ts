import type { ShippingRateKind } from '../../db/types.js';
import type { TranslationsView } from '../translations/translations.js';

/** A shipping rate as the API shows it (the spec's shipping method element, `shipping_zone_rate`). */
export interface RateView extends TranslationsView {
  id: string;
  object: 'shipping_zone_rate';
  name: string;
  /** What `from` and `to` measure: the order's weight in grams, or its item subtotal in cents. */
  kind: ShippingRateKind;
  /** Inclusive lower bound. */
  from: number;
  /** Exclusive upper bound; null for none. */
  to: number | null;
  /** In cents. */
  price: number;
  zone_id: string;
  created_at: number;
  updated_at: number;
}

/** What a zone must tell about itself to decide whether it ships to a destination. */
export interface ZoneCoverage {
  countries: string[];
  /** When it lists states of a country, the zone covers only those states of that country. */
  states: Array<{ country_code: string; code: string }>;
}

export interface Destination {
  country_code: string;
  state_code: string | null;
}

export interface OrderMeasure {
  /** Grams. */
  weight: number;
  /** Item subtotal in cents. */
  subtotal: number;
}

/**
 * True when the zone ships to the destination: it lists the country and, if it lists states of that
 * country, the destination's state among them (a destination without a state is then not covered).
 */
export function zoneCovers(zone: ZoneCoverage, destination: Destination): boolean {
  const country = destination.country_code.toUpperCase();
  if (!zone.countries.includes(country)) return false;
  const states = zone.states.filter((s) => s.country_code === country);
  if (states.length === 0) return true;
  const state = destination.state_code?.toUpperCase() ?? null;
  return state !== null && states.some((s) => s.code === state);
}

/** True when the order's weight (kind `weight`) or item subtotal (kind `price`) lies in [from, to). */
export function rateApplies(rate: Pick<RateView, 'kind' | 'from' | 'to'>, order: OrderMeasure): boolean {
  const value = rate.kind === 'weight' ? order.weight : order.subtotal;
  return value >= rate.from && (rate.to === null || value < rate.to);
}

/**
 * The rates a customer may choose for an order sent to `destination`: those of every zone that covers
 * it whose range holds the order, cheapest first, then by name (then id, so the order is stable).
 */
export function applicableRates(
  zones: Array<ZoneCoverage & { rates: RateView[] }>,
  destination: Destination,
  order: OrderMeasure,
): RateView[] {
  return zones
    .filter((zone) => zoneCovers(zone, destination))
    .flatMap((zone) => zone.rates.filter((rate) => rateApplies(rate, order)))
    .sort((a, b) => a.price - b.price || a.name.localeCompare(b.name, 'en') || compareIds(a.id, b.id));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
