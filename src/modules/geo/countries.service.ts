import type { Ctx } from '../../lib/context.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { shippingCountryCodes } from '../shipping/shipping-zones.service.js';
import { findStore } from '../store/stores.repo.js';
import { allCountries, subdivisionsOf, type Country, type Subdivision } from './countries.js';

/**
 * Billing countries: every ISO 3166-1 country, named in the store's language. Shipping countries:
 * those some shipping zone covers (none until shipping zones are set up).
 */
export async function countryList(ctx: Ctx): Promise<{ billing_countries: Country[]; shipping_countries: Country[] }> {
  const [store, shippable] = await Promise.all([findStore(ctx.db), shippingCountryCodes(ctx.db)]);
  const billing = allCountries(store?.lang ?? 'en');
  // Filtering the billing list keeps its names and its order by name.
  return { billing_countries: billing, shipping_countries: billing.filter((c) => shippable.has(c.code)) };
}

/** The subdivisions of a country by ISO 3166-2 code; an unknown country is 404. */
export function listStates(_ctx: Ctx, code: string, page: PageRequest, url: string): Page<Subdivision> {
  const states = subdivisionsOf(code.toUpperCase());
  if (!states) throw Problem.notFound('country', code);
  const offset = offsetOf(page);
  return toPage(states.slice(offset, offset + page.perPage), page, states.length, url);
}
