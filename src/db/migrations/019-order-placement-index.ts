import type { Kysely } from 'kysely';

// The sales report sums the orders placed in a period: a range of this index, which also holds what
// the sum needs (currency, status, total), so a month of a million-order shop is read from the index
// alone rather than from every order row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_placed_at').on('orders').columns(['placed_at', 'currency', 'status', 'total_price']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_placed_at').execute();
}
