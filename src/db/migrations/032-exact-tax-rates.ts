import { sql, type Kysely } from 'kysely';

// A tax rate is kept in millionths of the taxed amount (`rate_ppm`: 19 % is 190000), so that rates
// with up to four decimals of a percent (New York City's 8.875 %, 887.5 basis points) are stored and
// applied exactly, as an integer on both databases. The API still speaks basis points (rate_ppm / 100).
// Undoing rounds each rate to the nearest basis point (half up): the finer part is lost.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tax_rates').addColumn('rate_ppm', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('tax_rates').set({ rate_ppm: sql`rate * 100` }).execute();
  await db.schema.alterTable('tax_rates').dropColumn('rate').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tax_rates').addColumn('rate', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('tax_rates').set({ rate: sql`(rate_ppm + 50) / 100` }).execute();
  await db.schema.alterTable('tax_rates').dropColumn('rate_ppm').execute();
}
