import type { Static } from 'typebox';
import { announceChange } from '../../db/change-feed.js';
import type { StoreRow } from '../../db/types.js';
import { storeDate } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { FieldErrors, Problem, type FieldError } from '../../lib/problem.js';
import { boolFlag } from '../../lib/flags.js';
import { countryName } from '../geo/countries.js';
import { keepAllMarketPrices } from '../markets/market-prices.js';
import { isCurrencyCode } from '../markets/money.js';
import { StoreUpdate } from './stores.schemas.js';
import * as repo from './stores.repo.js';

export type StoreView = ReturnType<typeof storeView>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function storeView(row: StoreRow) {
  return {
    id: row.id,
    object: 'store' as const,
    subdomain: row.subdomain,
    domain: row.domain,
    name: row.name,
    description: row.description,
    image: row.image,
    store_status: row.store_status,
    email: row.email,
    address1: row.address1,
    address2: row.address2,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    country_code: row.country_code,
    state: row.state,
    state_code: row.state_code,
    references: row.references,
    phone: row.phone,
    tax_id: row.tax_id,
    business_name: row.business_name,
    fiscal_address: row.fiscal_address,
    contact_email: row.contact_email,
    lang: row.lang,
    currency: row.currency,
    timezone: row.timezone,
    weight_unit: row.weight_unit,
    order_prefix: row.order_prefix,
    order_suffix: row.order_suffix,
    is_tax_included: row.is_tax_included === 1,
    // A self-hosted store has no subscription: the billing members of the spec stay null.
    billing_gateway_source: null,
    billing_customer_id: null,
    billing_card_brand: null,
    billing_card_last_four: null,
    billing_card_exp_month: null,
    billing_card_exp_year: null,
    billing_invoice_custom_data: null,
    next_billing_at: null,
    created_at: storeDate(row.created_at),
    updated_at: storeDate(row.updated_at),
  };
}

export async function getStore(ctx: Ctx): Promise<StoreView> {
  const row = await repo.findStore(ctx.db);
  if (!row) throw new Problem('not_found', 'The store has not been set up');
  return storeView(row);
}

/**
 * What the schema cannot check of a store update: the currency, time zone and country code name
 * real ones. Takes the body as sent, so it can also run beside failed schema validation.
 */
export function storeUpdateErrors(input: Record<string, unknown>): FieldError[] {
  const errors = new FieldErrors();
  const { currency, timezone, country_code } = input;
  if (typeof currency === 'string' && !isCurrencyCode(currency)) errors.add('currency', 'invalid_value', 'is not an ISO 4217 currency code');
  if (typeof timezone === 'string' && !isTimeZone(timezone)) errors.add('timezone', 'invalid_value', 'is not a known time zone');
  if (typeof country_code === 'string' && !countryName(country_code)) {
    errors.add('country_code', 'invalid_value', 'is not an ISO 3166-1 alpha-2 country code');
  }
  return errors.list;
}

/**
 * Changes the store's settings.
 * @throws Problem validation_failed for an unknown currency, time zone or country code.
 */
export async function updateStore(ctx: Ctx, input: Static<typeof StoreUpdate>): Promise<StoreView> {
  const errors = storeUpdateErrors(input);
  if (errors.length > 0) throw Problem.invalid(errors);
  const country = input.country_code === undefined ? undefined : input.country_code === null ? null : countryName(input.country_code);

  const { is_tax_included, ...rest } = input;
  // Only the schema's fields become columns: the validator lets unknown members through (an `id`, a
  // `%` from a form body), and they must neither overwrite a column nor name one that does not exist.
  const known = Object.entries(rest).filter(([field]) => Object.hasOwn(StoreUpdate.properties, field));
  const changes: Partial<StoreRow> = { ...Object.fromEntries(known), updated_at: ctx.now() };
  if (is_tax_included !== undefined) changes.is_tax_included = boolFlag(is_tax_included);
  if (country !== undefined) changes.country = country;
  const current = await repo.findStore(ctx.db);
  if (!current) throw new Problem('not_found', 'The store has not been set up');
  await ctx.db.transaction().execute(async (tx) => {
    await repo.updateStore(tx, current.id, changes);
    // Every market converts from the store's currency: its prices are rewritten with it.
    if (changes.currency !== undefined && changes.currency !== current.currency) await keepAllMarketPrices(tx);
    // Storefront answers kept by other processes (prices shown with or without tax) must go.
    await announceChange(tx);
  });
  return getStore(ctx);
}
