import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import type { TaxRateRow } from '../../db/types.js';

/** The column's value for a rate of the whole country. */
export const WHOLE_COUNTRY = '';

export function findTaxRate(db: Executor, id: string): Promise<TaxRateRow | undefined> {
  return db.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The rate of a place (`WHOLE_COUNTRY` for the country's own). */
export function findTaxRateAt(db: Executor, countryCode: string, stateCode: string): Promise<TaxRateRow | undefined> {
  return db.selectFrom('tax_rates').selectAll()
    .where('country_code', '=', countryCode).where('state_code', '=', stateCode).executeTakeFirst();
}

/** A page of rates by country, the country's own rate before its states'. */
export function listTaxRates(db: Executor, offset: number, limit: number): Promise<TaxRateRow[]> {
  return db.selectFrom('tax_rates').selectAll().orderBy('country_code').orderBy('state_code').offset(offset).limit(limit).execute();
}

export async function countTaxRates(db: Executor): Promise<number> {
  const row = await db.selectFrom('tax_rates').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Inserts a rate unless its place already has one (one statement, so two concurrent creates cannot
 * both succeed); false when the place was taken.
 */
export async function insertTaxRate(db: Executor, row: TaxRateRow): Promise<boolean> {
  const result = await db.insertInto('tax_rates').values(row)
    .onConflict((oc) => oc.columns(['country_code', 'state_code']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function updateTaxRate(db: Executor, id: string, changes: Partial<Omit<TaxRateRow, 'id'>>): Promise<void> {
  await db.updateTable('tax_rates').set(changes).where('id', '=', id).execute();
}

/** False when there is no such rate. */
export async function deleteTaxRate(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('tax_rates').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// Every checkout update prices taxes; kept compiled (see compiledQuery).
const selectApplicableRate = compiledQuery((db, countryCode: string, places: string[]) => db
  .selectFrom('tax_rates').select('rate')
  .where('country_code', '=', countryCode).where('state_code', 'in', places)
  .orderBy('state_code', 'desc').limit(1));

/**
 * The rate of a state, else of its country, in one read: the country's own row has state_code '',
 * which sorts before any state code.
 */
export async function findApplicableRate(db: Executor, countryCode: string, stateCode: string | null): Promise<number | undefined> {
  const places = stateCode === null ? [WHOLE_COUNTRY] : [WHOLE_COUNTRY, stateCode];
  return (await selectApplicableRate(db, countryCode, places)).rows[0]?.rate;
}
