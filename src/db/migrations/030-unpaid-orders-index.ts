import { sql, type Kysely } from 'kysely';

// Storefront orders placed with an offline method (a bank transfer) and never paid are canceled once
// STOREFRONT_UNPAID_ORDER_TTL_HOURS old (modules/orders/unpaid-orders.ts). The sweep reads the oldest
// of them every minute: this partial index holds only those orders, the few awaiting their money,
// so the read is a short range whatever the size of the orders table; a paid, canceled, shipped or
// staff-made order leaves it. The sweep's query repeats these terms word for word (orders.repo.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_awaiting_offline_payment on orders (placed_at, id)
    where status = 'placed' and financial_status = 'pending' and source_name is distinct from 'admin' and fulfillment_status in ('unfulfilled', 'not_required')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_awaiting_offline_payment').execute();
}
