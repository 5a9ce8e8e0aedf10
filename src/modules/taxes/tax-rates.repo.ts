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

/** Every rate's place and rate: a store has one a country or state at most, a few hundred in all. */
export function findAllRates(db: Executor): Promise<Array<Pick<TaxRateRow, 'country_code' | 'state_code' | 'rate_ppm'>>> {
  return db.selectFrom('tax_rates').select(['country_code', 'state_code', 'rate_ppm']).execute();
}
