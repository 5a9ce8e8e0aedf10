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
