import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { MarketRow } from '../../db/types.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { countryName } from '../geo/countries.js';
import { keepMarketPricesOfMarket } from './market-prices.js';
import { keptMarkets } from './market-views.js';
import type { MarketCreateInput, MarketUpdateInput } from './markets.schemas.js';
import * as repo from './markets.repo.js';
import { isCurrencyCode, isUsableRate, type Rounding } from './money.js';

export interface MarketView {
  id: string;
  object: 'market';
  name: string;
  country_codes: string[];
  currency: string;
  /** The first is the market's default. */
  locales: string[];
  /** Store currency → market currency, a decimal string; null: fixed prices only. */
  exchange_rate: string | null;
  rounding: Rounding;
  is_active: boolean;
  created_at: number;
  updated_at: number;
}

export function marketView(row: MarketRow): MarketView {
  return {
    id: row.id,
    object: 'market',
    name: row.name,
    country_codes: JSON.parse(row.country_codes) as string[],
    currency: row.currency,
    locales: JSON.parse(row.locales) as string[],
    exchange_rate: row.exchange_rate,
    rounding: row.rounding as Rounding,
    is_active: row.is_active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Markets the caller may see: a storefront, the active ones only. */
export async function listMarkets(ctx: Ctx, page: PageRequest, url: string): Promise<Page<MarketView>> {
  const activeOnly = isStorefront(ctx);
  const [rows, total] = await Promise.all([
    repo.listMarkets(ctx.db, activeOnly, offsetOf(page), page.perPage),
    repo.countMarkets(ctx.db, activeOnly),
  ]);
  return toPage(rows.map(marketView), page, total, url);
}

async function findOrFail(db: Executor, id: string): Promise<MarketRow> {
  const row = await repo.findMarket(db, id);
  if (!row) throw Problem.notFound('market', id);
  return row;
}

/** @throws Problem not_found (for a storefront, also when the market is inactive). */
export async function getMarket(ctx: Ctx, id: string): Promise<MarketView> {
  const row = await findOrFail(ctx.db, id);
  if (isStorefront(ctx) && row.is_active !== 1) throw Problem.notFound('market', id);
  return marketView(row);
}

/** Upper-cased codes; an unknown or repeated one is an error on its index. */
function checkCountries(errors: FieldErrors, codes: string[]): string[] {
  const normalised = codes.map((code) => code.trim().toUpperCase());
  const seen = new Set<string>();
  normalised.forEach((code, i) => {
    if (!countryName(code)) errors.add(`country_codes[${i}]`, 'invalid_value', 'is not an ISO 3166-1 alpha-2 country code');
    else if (seen.has(code)) errors.add(`country_codes[${i}]`, 'duplicate', `repeats ${code}`);
    seen.add(code);
  });
  return normalised;
}

function checkCurrency(errors: FieldErrors, code: string): string {
  const currency = code.trim().toUpperCase();
  if (!isCurrencyCode(currency)) errors.add('currency', 'invalid_value', 'is not an ISO 4217 currency code');
  return currency;
}

function checkLocales(errors: FieldErrors, locales: string[]): void {
  const seen = new Set<string>();
  locales.forEach((locale, i) => {
    if (seen.has(locale)) errors.add(`locales[${i}]`, 'duplicate', `repeats ${locale}`);
    seen.add(locale);
  });
}

function checkRate(errors: FieldErrors, rate: string | null | undefined): void {
  if (rate != null && !isUsableRate(rate)) errors.add('exchange_rate', 'invalid_value', 'must be above 0');
}

/** Gives the market its countries; a country another market holds is a 422 `taken` on its index (the transaction rolls back). */
async function claimCountries(db: Executor, marketId: string, codes: string[]): Promise<void> {
  const taken = await repo.claimCountries(db, marketId, codes);
  if (taken.size === 0) return;
  const errors = new FieldErrors();
  codes.forEach((code, i) => {
    if (taken.has(code)) errors.add(`country_codes[${i}]`, 'taken', `${code} is already in another market`);
  });
  errors.throwIfAny();
}

/**
 * Creates a market and prices every sku in it (market-prices.ts).
 * @throws Problem validation_failed for an unknown or repeated country, a country already in another
 * market (code `taken`, also when another market claims it at the same moment), an unknown currency,
 * a repeated locale or a rate of 0.
 */
export async function createMarket(ctx: Ctx, input: MarketCreateInput): Promise<MarketView> {
  const errors = new FieldErrors();
  const countryCodes = checkCountries(errors, input.country_codes);
  const currency = checkCurrency(errors, input.currency);
  checkLocales(errors, input.locales);
  checkRate(errors, input.exchange_rate);
  errors.throwIfAny();
  const now = ctx.now();
  const row: MarketRow = {
    id: newId('mkt'),
    name: input.name.trim(),
    currency,
    country_codes: JSON.stringify(countryCodes),
    locales: JSON.stringify(input.locales),
    exchange_rate: input.exchange_rate ?? null,
    rounding: input.rounding ?? 'none',
    is_active: boolFlag(input.is_active ?? true),
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (tx) => {
    await repo.insertMarket(tx, row);
    await claimCountries(tx, row.id, countryCodes);
    await keepMarketPricesOfMarket(tx, row.id);
    await announceChange(tx);
  });
  keptMarkets.forget(ctx.db);
  return marketView(row);
}

/**
 * Changes a market; members left out keep their value. A change of currency, rate or rounding
 * rewrites its prices in the same transaction.
 * @throws Problem not_found; validation_failed as createMarket.
 */
export async function updateMarket(ctx: Ctx, id: string, input: MarketUpdateInput): Promise<MarketView> {
  const errors = new FieldErrors();
  const countryCodes = input.country_codes === undefined ? undefined : checkCountries(errors, input.country_codes);
  const currency = input.currency === undefined ? undefined : checkCurrency(errors, input.currency);
  if (input.locales !== undefined) checkLocales(errors, input.locales);
  checkRate(errors, input.exchange_rate);
  errors.throwIfAny();
  const updated = await ctx.db.transaction().execute(async (tx) => {
    const current = await findOrFail(tx, id);
    const changes: Partial<MarketRow> = { updated_at: ctx.now() };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (countryCodes !== undefined) changes.country_codes = JSON.stringify(countryCodes);
    if (currency !== undefined) changes.currency = currency;
    if (input.locales !== undefined) changes.locales = JSON.stringify(input.locales);
    if (input.exchange_rate !== undefined) changes.exchange_rate = input.exchange_rate;
    if (input.rounding !== undefined) changes.rounding = input.rounding;
    if (input.is_active !== undefined) changes.is_active = boolFlag(input.is_active);
    await repo.updateMarket(tx, id, changes);
    if (countryCodes !== undefined) await claimCountries(tx, id, countryCodes);
    const after = { ...current, ...changes };
    if (after.currency !== current.currency || after.exchange_rate !== current.exchange_rate || after.rounding !== current.rounding) {
      await keepMarketPricesOfMarket(tx, id);
    }
    await announceChange(tx);
    return marketView(after);
  });
  keptMarkets.forget(ctx.db);
  return updated;
}

/** Deletes a market with its countries and prices. @throws Problem not_found. */
export async function deleteMarket(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteMarket(tx, id))) throw Problem.notFound('market', id);
    await announceChange(tx);
  });
  keptMarkets.forget(ctx.db);
}
