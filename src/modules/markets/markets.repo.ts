import type { Executor } from '../../db/database.js';
import type { MarketRow } from '../../db/types.js';

export async function findMarket(db: Executor, id: string): Promise<MarketRow | undefined> {
  return db.selectFrom('markets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The market a country belongs to, if any (a country is in one market at most). */
export async function findMarketOfCountry(db: Executor, countryCode: string): Promise<MarketRow | undefined> {
  return db.selectFrom('markets')
    .innerJoin('market_countries as mc', 'mc.market_id', 'markets.id')
    .selectAll('markets')
    .where('mc.country_code', '=', countryCode.toUpperCase())
    .executeTakeFirst();
}

/** A page of markets, oldest first; `activeOnly` for a storefront. */
export function listMarkets(db: Executor, activeOnly: boolean, offset: number, limit: number): Promise<MarketRow[]> {
  let query = db.selectFrom('markets').selectAll();
  if (activeOnly) query = query.where('is_active', '=', 1);
  return query.orderBy('id').offset(offset).limit(limit).execute();
}

export async function countMarkets(db: Executor, activeOnly: boolean): Promise<number> {
  let query = db.selectFrom('markets').select((eb) => eb.fn.countAll<number>().as('count'));
  if (activeOnly) query = query.where('is_active', '=', 1);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Every market (a store has a handful). */
export function findAllMarkets(db: Executor): Promise<MarketRow[]> {
  return db.selectFrom('markets').selectAll().orderBy('id').execute();
}

export async function insertMarket(db: Executor, row: MarketRow): Promise<void> {
  await db.insertInto('markets').values(row).execute();
}

export async function updateMarket(db: Executor, id: string, changes: Partial<Omit<MarketRow, 'id'>>): Promise<void> {
  await db.updateTable('markets').set(changes).where('id', '=', id).execute();
}

/** False when there is no such market; its countries and prices go with it (cascade). */
export async function deleteMarket(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('markets').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Gives a market exactly these countries. Each is claimed through the table's primary key, so of two
 * markets claiming one country at once only one gets it; answers the countries another market holds.
 */
export async function claimCountries(db: Executor, marketId: string, countryCodes: string[]): Promise<Set<string>> {
  await db.deleteFrom('market_countries').where('market_id', '=', marketId).execute();
  if (countryCodes.length === 0) return new Set();
  const claimed = await db.insertInto('market_countries')
    .values(countryCodes.map((country_code) => ({ country_code, market_id: marketId })))
    .onConflict((oc) => oc.column('country_code').doNothing())
    .returning('country_code')
    .execute();
  const mine = new Set(claimed.map((r) => r.country_code));
  return new Set(countryCodes.filter((code) => !mine.has(code)));
}
